/**
 * The same matchers on runs from other libraries, passed as they come: LangChain messages (real
 * @langchain/core objects), an OpenAI Chat Completions conversation and an Anthropic Message
 * (typed by the SDKs themselves; those calls need a network, so the responses are written out).
 */
import type Anthropic from '@anthropic-ai/sdk';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';

describe('LangChain / LangGraph', () => {
  it('reads tool_calls from AIMessages, as objects and as JSON', () => {
    const messages = [
      new HumanMessage('What is the weather in Oslo, in Celsius?'),
      new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Oslo', unit: 'C' } }] }),
      new ToolMessage({ tool_call_id: 'call_1', content: '{"temperature":3}' }),
      new AIMessage('It is 3 °C in Oslo.'),
    ];
    const state = { messages }; // what a LangGraph agent returns

    expect(state).toCallOnly({ toolName: 'get_weather', input: { city: 'Oslo', unit: 'C' } });
    expect(JSON.parse(JSON.stringify(messages))).toCallTool('get_weather', expect.objectContaining({ unit: 'C' }));
  });
});

describe('OpenAI Chat Completions', () => {
  it('parses function.arguments and follows the conversation across turns', () => {
    const messages = [
      { role: 'user', content: 'Find a flight to JFK and book the first one.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'search_flights', arguments: '{"to":"JFK"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '[{"id":"UA 1234"}]' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_b', type: 'function', function: { name: 'book_flight', arguments: '{"flightId":"UA 1234"}' } }],
      },
    ] satisfies OpenAI.Chat.Completions.ChatCompletionMessageParam[];

    expect(messages).toCallToolsInOrder([{ toolName: 'search_flights', input: { to: 'JFK' } }, 'book_flight'], { strict: true });
  });
});

describe('Anthropic Messages', () => {
  it('reads tool_use blocks', () => {
    const message = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_reason: 'tool_use',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      content: [
        { type: 'text', text: 'Let me check.', citations: null },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' }, caller: { type: 'direct' } },
      ],
      usage: {
        input_tokens: 10,
        output_tokens: 20,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        cache_creation: null,
        server_tool_use: null,
        service_tier: null,
        inference_geo: null,
        output_tokens_details: null,
        speed: null,
      },
    } satisfies Anthropic.Messages.Message;

    expect(message).toCallOnly('get_weather');
    expect(message).not.toCallTool('search');
  });
});
