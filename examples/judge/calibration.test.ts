/**
 * How far to trust the judge: the verdicts in ./__judge__/ (committed) beside a person's labels of
 * them (./__judge__/labels.json, written with `npx tool-call-accuracy label`). `calibrate` prints
 * the agreement per level; a gate in configureJudge fails judged assertions while the judge is not
 * trusted enough. Runs offline: nothing here asks a model.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configureJudge } from 'tool-call-accuracy';
import { createAgentTestRun, createTestMessage, createToolInvocation } from 'tool-call-accuracy/testing';
import { exampleJudge, verdictDir } from './exampleJudge.js';

// In your project: npx tool-call-accuracy calibrate --dir __judge__ (the package's bin).
const bin = fileURLToPath(import.meta.resolve('tool-call-accuracy/package.json').replace(/package\.json$/, 'dist/cli.js'));
const calibrate = (...args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [bin, 'calibrate', '--dir', verdictDir, ...args], (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }));
  });

describe('calibrating the judge against your labels', () => {
  it('prints the agreement per level, and the one disagreement', async () => {
    const { code, output } = await calibrate();
    expect(code).toBe(0);
    expect(output).toContain('call level: 7 labelled decisions; fewer than 20 labels, so these numbers are rough');
    expect(output).toContain("Cohen's κ       0.70 (95% interval 0.17–1.00)");
    expect(output).toContain('TPR             80% (95% interval 38%–96%, 4 of 5): of what you pass, the judge passes');
    expect(output).toMatch(/what-is-the-weather-37bf3d59e671\.json {2}call 1: search-tool: you said pass, the judge fail\./);
  });

  it('gates CI on it: exit code 1 while the low end of κ is below the minimum', async () => {
    const gated = await calibrate('--level', 'call', '--min-kappa', '0.6', '--min-labels', '5');
    expect(gated.code).toBe(1);
    expect(gated.output).toContain('κ 0.70 (95% interval 0.17–1.00): its low end 0.17 is below minKappa 0.6');
  });

  it('a gate the judge meets lets judged assertions run as before', async () => {
    configureJudge({
      model: exampleJudge,
      availableTools: [
        { name: 'weather-tool', description: 'Get current weather information for any location' },
        { name: 'calendar-tool', description: 'Check calendar events and scheduling' },
        { name: 'search-tool', description: 'Search the web for general information' },
      ],
      cache: { dir: verdictDir },
      // Six labelled runs are few: the gate says how few it accepts (20 unless told).
      calibration: { minKappa: 0.5, minLabels: 6 },
    });
    const run = createAgentTestRun({
      inputMessages: [createTestMessage({ content: 'What is the weather like in San Francisco today?', role: 'user', id: 'input-1' })],
      output: [
        createTestMessage({
          content: 'Let me check the current weather for you.',
          role: 'assistant',
          id: 'output-1',
          toolInvocations: [createToolInvocation({ toolCallId: 'call-1', state: 'result', toolName: 'weather-tool', args: { location: 'San Francisco', date: 'today' }, result: { temperature: '68°F', condition: 'foggy' } })],
        }),
      ],
    });
    await expect(run).toUseAppropriateTools();
  });
});
