/**
 * What every target of {@code keyplan emit} is: an {@link dev.keyplan.emit.Emitter} reads one
 * store's analysis and writes the design as a tool deploys or imports it. Each store lists its
 * emitters ({@code Store.emitters()}); the command finds a target among them.
 */
package dev.keyplan.emit;
