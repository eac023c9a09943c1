import type { ToolCallMatchers } from '../../matchers.js';
import type { Implementations } from './context.js';
import { toCallNoTools } from './toCallNoTools.js';
import { toCallOnly } from './toCallOnly.js';
import { toCallTool } from './toCallTool.js';
import { toCallToolTimes } from './toCallToolTimes.js';
import { toCallToolsInOrder } from './toCallToolsInOrder.js';
import { toUseAppropriateTools } from './toUseAppropriateTools.js';
import { userFacing } from './userFacing.js';

/** Every matcher, for `expect.extend(matchers)`. The setup entries register these for you. */
export const matchers = {
  toCallTool: userFacing(toCallTool),
  toCallToolTimes: userFacing(toCallToolTimes),
  toCallOnly: userFacing(toCallOnly),
  toCallToolsInOrder: userFacing(toCallToolsInOrder),
  toCallNoTools: userFacing(toCallNoTools),
  toUseAppropriateTools,
} satisfies Implementations<ToolCallMatchers<void>>;
