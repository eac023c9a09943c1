import type { ToolCallMatchers } from '../../matchers.js';
import type { Implementations } from '../format/matcherContext.js';
import { judgeOverSamples, overSamples } from './sampled.js';
import { toCallNoTools } from './toCallNoTools.js';
import { toCallOnly } from './toCallOnly.js';
import { toCallTool } from './toCallTool.js';
import { toCallToolTimes } from './toCallToolTimes.js';
import { toCallToolsInOrder } from './toCallToolsInOrder.js';
import { toCallToolsInAnyOrder } from './toCallToolsInAnyOrder.js';
import { toCallOnlyFrom } from './toCallOnlyFrom.js';
import { toCallToolsWithoutErrors } from './toCallToolsWithoutErrors.js';
import { toRepeatToolCalls } from './toRepeatToolCalls.js';
import { toUseAppropriateTools } from './toUseAppropriateTools.js';
import { checkBudgetArguments, toStayWithinBudget } from './toStayWithinBudget.js';
import { toCallToolsWithValidInputs } from './toCallToolsWithValidInputs.js';
import { userFacing } from './userFacing.js';

/** Every matcher, for `expect.extend(matchers)`. The setup entries register these for you. Each also takes a sample of runs. */
export const matchers = {
  toCallTool: userFacing(overSamples('toCallTool', toCallTool)),
  toCallToolTimes: userFacing(overSamples('toCallToolTimes', toCallToolTimes)),
  toCallOnly: userFacing(overSamples('toCallOnly', toCallOnly)),
  toCallToolsInOrder: userFacing(overSamples('toCallToolsInOrder', toCallToolsInOrder)),
  toCallToolsInAnyOrder: userFacing(overSamples('toCallToolsInAnyOrder', toCallToolsInAnyOrder)),
  toCallOnlyFrom: userFacing(overSamples('toCallOnlyFrom', toCallOnlyFrom)),
  toCallNoTools: userFacing(overSamples('toCallNoTools', toCallNoTools)),
  toCallToolsWithoutErrors: userFacing(overSamples('toCallToolsWithoutErrors', toCallToolsWithoutErrors)),
  toRepeatToolCalls: userFacing(overSamples('toRepeatToolCalls', toRepeatToolCalls)),
  toStayWithinBudget: userFacing(overSamples('toStayWithinBudget', toStayWithinBudget, checkBudgetArguments)),
  toCallToolsWithValidInputs: userFacing(overSamples('toCallToolsWithValidInputs', toCallToolsWithValidInputs)),
  toUseAppropriateTools: judgeOverSamples('toUseAppropriateTools', toUseAppropriateTools),
} satisfies Implementations<ToolCallMatchers<void>>;
