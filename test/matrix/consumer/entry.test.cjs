// The consumer suite as CommonJS: Jest's default mode. `ai` loads with require() up to ai@6; ai@7 is
// ESM-only, so then the suite runs without it and checks that the judge says why it cannot load.
const lib = require('tool-call-accuracy');
const testing = require('tool-call-accuracy/testing');
const fs = require('node:fs');
const path = require('node:path');
const defineSuite = require('./suite.cjs');

const aiVersion = JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules/ai/package.json'), 'utf8')).version;
const aiMajor = Number(aiVersion.split('.')[0]);
const sdk = aiMajor < 7 ? { ai: require('ai'), aiTest: require('ai/test'), z: require('zod').z } : {};

defineSuite({ expect, test, describe, beforeEach, lib, testing, ...sdk });
