// The consumer suite as an ES module: Vitest, and Jest with --experimental-vm-modules. The runner's
// globals (`expect`, `test`, …) are what a user's test file uses without importing them.
import * as lib from 'tool-call-accuracy';
import * as testing from 'tool-call-accuracy/testing';
import * as ai from 'ai';
import * as aiTest from 'ai/test';
import { z } from 'zod';
import defineSuite from './suite.cjs';

defineSuite({ expect, test, describe, beforeEach, lib, testing, ai, aiTest, z });
