package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.facts.AttributeValue;
import dev.keyplan.dynamodb.facts.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Turns the SDK's attribute values into keyplan's ({@link AttributeValue}), so that an item keyplan
 * verify writes is sized by keyplan's own rules ({@link ItemSize#of}), not by a second
 * implementation.
 */
final class SdkValues {
  private SdkValues() {}

  /** Returns {@code item}'s size by keyplan's {@link ItemSize}. */
  static long size(
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    item.forEach((k, v) -> out.put(k, of(v)));
    return ItemSize.of(out);
  }

  /** Returns {@code v} as keyplan's value. */
  static AttributeValue of(software.amazon.awssdk.services.dynamodb.model.AttributeValue v) {
    switch (v.type()) {
      case S:
        return new AttributeValue.S(v.s());
      case N:
        return AttributeValue.N.of(v.n());
      case B:
        return new AttributeValue.B(v.b().asByteArray());
      case BOOL:
        return new AttributeValue.Bool(v.bool());
      case NUL:
        return new AttributeValue.Null();
      case L:
        {
          List<AttributeValue> out = new ArrayList<>();
          v.l().forEach(e -> out.add(of(e)));
          return new AttributeValue.L(out);
        }
      case M:
        {
          Map<String, AttributeValue> out = new LinkedHashMap<>();
          v.m().forEach((k, e) -> out.put(k, of(e)));
          return new AttributeValue.M(out);
        }
      case SS:
        return new AttributeValue.SS(v.ss());
      case NS:
        {
          List<AttributeValue.N> out = new ArrayList<>();
          v.ns().forEach(n -> out.add(AttributeValue.N.of(n)));
          return new AttributeValue.NS(out);
        }
      case BS:
        {
          List<AttributeValue.B> out = new ArrayList<>();
          for (SdkBytes b : v.bs()) {
            out.add(new AttributeValue.B(b.asByteArray()));
          }
          return new AttributeValue.BS(out);
        }
      default:
        throw new IllegalArgumentException("an attribute value of unknown type: " + v.type());
    }
  }
}
