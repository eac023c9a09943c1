/**
 * tool-call-accuracy: check which tools an LLM agent called, in Vitest and Jest.
 * This entry has no side effects; the setup files `tool-call-accuracy/vitest` and
 * `tool-call-accuracy/jest` register the matchers.
 */
export { getToolCalls } from './calls/getToolCalls.js';
export { createToolCallAccuracyScorerCode } from './scoring/codeScorer.js';
export type {
  ToolCallAccuracyCodeOptions,
  ToolCallAccuracyCodeResult,
  ToolCallAccuracyCodeScorer,
} from './scoring/codeScorer.js';
export { createTrajectoryAccuracyScorerCode, createTrajectoryScorerCode } from './format/trajectoryScorers.js';
export type {
  ExpectedTrajectoryStep,
  ScoredTrajectory,
  ToolFailureAnalysisResult,
  ToolFailurePattern,
  TrajectoryAccuracyCodeResult,
  TrajectoryAccuracyScorerCode,
  TrajectoryAccuracyScorerCodeOptions,
  TrajectoryBlacklistResult,
  TrajectoryComparisonOptions,
  TrajectoryComparisonResult,
  TrajectoryEfficiencyResult,
  TrajectoryExpectation,
  TrajectoryLike,
  TrajectoryOrdering,
  TrajectoryScoreWeights,
  TrajectoryScorerCode,
  TrajectoryScorerCodeOptions,
  TrajectoryScorerCodeResult,
} from './scoring/trajectoryScorers.js';
export { createToolCallAccuracyScorerLLM } from './scoring/llmScorer.js';
export type {
  ToolCallAccuracyScorerLLM,
  ToolCallAccuracyScorerLLMOptions,
  ToolCallAccuracyScorerLLMResult,
  ToolCallAccuracyScorerLLMRunOptions,
} from './scoring/llmScorer.js';
export { createTrajectoryAccuracyScorerLLM } from './scoring/trajectoryLlmScorer.js';
export type {
  ScoredTrajectoryStep,
  TrajectoryAccuracyLLMResult,
  TrajectoryAccuracyScorerLLM,
  TrajectoryAccuracyScorerLLMOptions,
} from './scoring/trajectoryLlmScorer.js';
export type { CriterionAnswer, StepEvaluation } from './judge/trajectory.js';
export type { JudgeRequestInput } from './judge/request.js';
export type { CalibrationGate, CalibrationLevel } from './judge/calibrationSettings.js';
export { configureJudge } from './judge/config.js';
export { JudgeError } from './judge/errors.js';
export type {
  AvailableTool,
  AvailableTools,
  JudgeCacheMode,
  JudgeCacheOptions,
  JudgeConfig,
  JudgeModel,
  JudgeUsage,
  JudgeVerdict,
  ToolEvaluation,
} from './judge/types.js';
export { recordedModel } from './recordings/recordedModel.js';
export type { RecordableModel, RecordedModelOptions } from './recordings/recordedModel.js';
export { configureRecordings } from './recordings/config.js';
export type { RecordingMode, RecordingsConfig } from './recordings/config.js';
export type { Redaction } from './recordings/data.js';
export { RecordingError } from './recordings/errors.js';
export { matchers } from './setup.js';
export { sample, isSample } from './sample/sample.js';
export type { Sample, SampleOptions, SampleSource, SampledRun } from './sample/sample.js';
export { loadRuns } from './sample/loadRuns.js';
export { scoreRuns } from './sample/scoreRuns.js';
export type { RunScorer, ScoredRun, ScoreRunsResult } from './sample/scoreRuns.js';
export { ToolCallAccuracyError, ToolCallCheckError } from './errors.js';
export { check } from './matchers/check.js';
export type { Check } from './matchers/check.js';
export { mastraGate } from './scoring/mastraGate.js';
export type { GateCheck, MastraGate, MastraGateOptions, MastraGateResult, MastraRun } from './scoring/mastraGate.js';
export type { MastraScorerMembers } from './scoring/mastraScorer.js';
export type { CallAgent, ToolApproval, ToolCall, ToolCallPattern } from './types.js';
export type {
  ToolCallMatchers,
  ExpectedToolCall,
  ExpectedToolStep,
  InputPattern,
  ParallelGroup,
  ToolInputOf,
  ToolRef,
  ToolRefs,
  ToUseAppropriateToolsOptions,
  ToFollowASensibleTrajectoryOptions,
  Budget,
} from '../matchers.js';
export { toolRefs } from './refs/toolRefs.js';
export { parallel } from './refs/parallel.js';
export { own, turn, within } from './calls/views.js';
export { trajectory } from './format/trajectory.js';
export type { RunTrajectory } from './format/trajectory.js';
export type { RunView } from './calls/views.js';
export { recordedFetch } from './recordings/fetch.js';
export type { RecordedFetchOptions } from './recordings/fetch.js';
export { stubbedTools } from './tools/stubs.js';
export type { StubbedToolsOptions } from './tools/stubs.js';
export { ToolStubError } from './tools/errors.js';
export type { StubsFor, ToolInput, ToolOutput, ToolStub, ToolStubCase } from './tools/types.js';
export { recordedTools } from './tools/recorded.js';
export type { RecordedToolsOptions } from './tools/recorded.js';
