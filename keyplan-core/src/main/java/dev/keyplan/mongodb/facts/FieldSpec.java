package dev.keyplan.mongodb.facts;

/**
 * One field of a representative document: its name and the shape of its value ({@link ValueSpec}).
 * The name counts toward the size: {@code qty} costs 4 bytes with its NUL in every document that
 * has the field.
 */
public record FieldSpec(String name, ValueSpec value) {
  public FieldSpec {
    if (name == null || value == null) {
      throw new IllegalArgumentException("a field needs a name and a value shape");
    }
    if (name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a BSON field name cannot contain NUL: '" + name + "'");
    }
  }
}
