/**
 * The design rule over several stores that reads only the model's own names: {@link
 * dev.keyplan.check.design.BidiControlInIdentifier}.
 */
package dev.keyplan.check.design;
