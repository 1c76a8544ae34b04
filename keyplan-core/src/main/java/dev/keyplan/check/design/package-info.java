/**
 * Rules of the design category, on the shape of a design as a whole: DynamoDB tables against the
 * entities and patterns they hold (writes that span several tables, a single table holding an
 * entity no pattern reads), and MongoDB collections without a {@code $jsonSchema} validator.
 */
package dev.keyplan.check.design;
