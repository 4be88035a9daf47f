package dev.whittle.engine.loop;

import dev.whittle.api.Outcome;
import java.util.HashMap;
import java.util.Map;

/** Every answer of one reduction, by content, shared by all of its passes. */
final class ResultCache {
  private final Map<ContentKey, Outcome> answers = new HashMap<>();

  Outcome get(ContentKey key) {
    return answers.get(key);
  }

  void put(ContentKey key, Outcome outcome) {
    answers.put(key, outcome);
  }

  int size() {
    return answers.size();
  }
}
