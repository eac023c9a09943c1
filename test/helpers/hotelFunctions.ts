/**
 * The functions of the agent loops run over a provider's own client (Bedrock's Converse loop,
 * Gemini's function calling): each with its description, its JSON Schema, and what running it
 * does. A throw is a failure, which each loop answers as its provider prescribes.
 */
export interface LoopFunction {
  description: string;
  schema: Record<string, unknown>;
  run(input: Record<string, unknown>): unknown;
}

/** The weather and a hotel booking: Paris is sunny, Oslo has snow and no rooms left. */
export const hotelFunctions: Record<string, LoopFunction> = {
  get_weather: {
    description: 'The weather in a city',
    schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    run: ({ city }) => ({ city, sky: city === 'Paris' ? 'sunny' : 'snow' }),
  },
  book_hotel: {
    description: 'Books a hotel room',
    schema: { type: 'object', properties: { city: { type: 'string' }, nights: { type: 'integer', minimum: 1 } }, required: ['city'] },
    run: ({ city }) => {
      if (city === 'Oslo') throw new Error('no rooms left in Oslo');
      return 'booked: HOTEL-7';
    },
  },
};
