package dev.whittle.engine.algorithms.entropy;

/** What the sweep knows about the item before the next run: nothing yet, important, unimportant. */
enum ItemState {
  START,
  IMPORTANT,
  UNIMPORTANT
}
