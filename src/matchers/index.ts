import type { ToolCallMatchers } from '../../matchers.js';
import type { Implementations } from './context.js';
import { toCallNoTools } from './toCallNoTools.js';
import { toCallOnly } from './toCallOnly.js';
import { toCallTool } from './toCallTool.js';
import { toCallToolTimes } from './toCallToolTimes.js';
import { toCallToolsInOrder } from './toCallToolsInOrder.js';
import { toUseAppropriateTools } from './toUseAppropriateTools.js';

/** Every matcher, for `expect.extend(matchers)`. The setup entries register these for you. */
export const matchers = {
  toCallTool,
  toCallToolTimes,
  toCallOnly,
  toCallToolsInOrder,
  toCallNoTools,
  toUseAppropriateTools,
} satisfies Implementations<ToolCallMatchers<void>>;
