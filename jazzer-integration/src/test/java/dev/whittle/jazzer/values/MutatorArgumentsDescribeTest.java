package dev.whittle.jazzer.values;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class MutatorArgumentsDescribeTest {
  /** The parameter names as javac kept them: real names with -parameters, else arg0, arg1, ... */
  /** "name = " for each parameter when the class file keeps the names, else nothing. */
  private static String[] names(Method method) {
    Parameter[] parameters = method.getParameters();
    String[] names = new String[parameters.length];
    for (int i = 0; i < names.length; i++) {
      names[i] = parameters[i].isNamePresent() ? parameters[i].getName() + " = " : "";
    }
    return names;
  }

  @Test
  void describesEachArgumentAsItsValueNamedWhereTheNamesAreKnown() {
    Method method = MutatorTargets.method("described");
    // The example of the facts note: ("hi!!", 1234, [7, 42]).
    byte[] bytes =
        HexFormat.of().parseHex("00000004686921210000" + "04d2000000020000000700" + "00002a");
    String[] n = names(method);

    assertEquals(
        n[0] + "\"hi!!\", " + n[1] + "1234, " + n[2] + "[7, 42]",
        MutatorArguments.describe(method, bytes));
  }

  @Test
  void quotesAndEscapesStringsAndShowsRecordsAndNulls() {
    Method stringAndInt = MutatorTargets.method("stringAndInt");
    String[] n = names(stringAndInt);
    assertEquals(
        n[0] + "\"a\\\"b\\n\\u0001\", " + n[1] + "-3",
        MutatorArguments.describe(
            stringAndInt, MutatorTargets.encode(stringAndInt, "a\"b\n\u0001", -3)));
    assertEquals(
        n[0] + "null, " + n[1] + "0", MutatorArguments.describe(stringAndInt, new byte[0]));

    Method interval = MutatorTargets.method("interval");
    String[] m = names(interval);
    assertEquals(
        m[0] + "Interval[lo=0, hi=11], " + m[1] + "true",
        MutatorArguments.describe(
            interval, MutatorTargets.encode(interval, new MutatorTargets.Interval(0, 11), true)));
  }

  @Test
  void saysWhatTheReaderThrewWhenTheBytesDoNotDecode() {
    Method interval = MutatorTargets.method("interval");
    assertEquals(
        "(does not decode: java.lang.IllegalArgumentException: lo > hi: 9 > 1)",
        MutatorArguments.describe(interval, new byte[] {1, 0, 0, 0, 9, 0, 0, 0, 1}));
  }
}
