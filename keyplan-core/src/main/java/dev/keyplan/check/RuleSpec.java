package dev.keyplan.check;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata. There is deliberately no name: the class's simple name is the rule id, the
 * name of its test ({@code <Id>Test}) and of its page ({@code docs/rules/<Id>.md}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleSpec {
  /** One line, sentence case, no trailing period (it is printed after the id). */
  String summary();

  /** The severity of the rule's worst finding; a rule may report a milder one with its reason. */
  Severity severity();

  /** What the rule is about. */
  Category category();
}
