/**
 * The {@code keyplan} command line on picocli: the entry point ({@link dev.keyplan.cli.Main}), the
 * top command and the store-neutral commands {@code check}, {@code emit}, {@code report}, {@code
 * rules} and {@code explain}, and what every command shares: exit codes ({@link
 * dev.keyplan.cli.ExitCode}), the {@code --format} option, input files, and the choice of the store
 * design a command works on ({@link dev.keyplan.cli.StoreChoice}). {@code simulate} and {@code
 * verify} have subpackages of their own, each store's commands their store's {@code cli} package.
 */
package dev.keyplan.cli;
