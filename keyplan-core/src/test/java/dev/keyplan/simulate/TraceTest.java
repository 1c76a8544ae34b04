package dev.keyplan.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keyplan.input.InputException;
import org.junit.jupiter.api.Test;

class TraceTest {
  @Test
  void parsesOperations_quotedKeys_andItsLength() {
    Trace t =
        Trace.parse(
            "t.csv",
            "time,operation,key,size\n0,write,flash-deal-001,700\n"
                + "0.5,read,\"a,b\",4096\n2.25,insert,\"say \"\"hi\"\"\",10\n");
    assertEquals(3, t.operations().size());
    assertEquals(new Trace.Op(0.5, false, "a,b", 4096), t.operations().get(1));
    assertEquals("say \"hi\"", t.operations().get(2).key());
    assertEquals(
        3, t.durationSeconds()); // the last operation is in second 2, so the trace lasts 3 s
  }

  @Test
  void everyBadLineIsNamed_withItsColumn() {
    var e =
        assertThrows(
            InputException.class,
            () ->
                Trace.parse(
                    "t.csv",
                    """
        time,operation,key,size
        1,write,k,10
        0.5,write,k,10
        2,scan,k,10
        3,read,k,-4
        x,read,k,1
        4,read,k
        """));
    assertEquals(5, e.diagnostics().size());
    assertEquals(
        "t.csv:3:1: expected times in order, but 0.5 comes after 1.0",
        e.diagnostics().get(0).toString().replace(" error:", ""));
    assertEquals(4, e.diagnostics().get(1).location().line());
    assertEquals(3, e.diagnostics().get(1).location().column());
    assertEquals(5, e.diagnostics().get(2).location().line());
    assertEquals(10, e.diagnostics().get(2).location().column());
    assertEquals(6, e.diagnostics().get(3).location().line());
    assertEquals(
        "expected 4 fields (time,operation,key,size) but found 3",
        e.diagnostics().get(4).message());
  }

  @Test
  void aMissingHeaderIsNamed() {
    var e = assertThrows(InputException.class, () -> Trace.parse("t.csv", "0,write,k,1\n"));
    assertEquals(
        "expected the header time,operation,key,size but found 0,write,k,1",
        e.diagnostics().get(0).message());
    assertThrows(InputException.class, () -> Trace.parse("t.csv", "\n\n"));
  }
}
