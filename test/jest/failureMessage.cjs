const { stripVTControlCharacters } = require('node:util');

/** The colourless message of an assertion that must fail. */
function failureMessage(assertion) {
  try {
    assertion();
  } catch (error) {
    return stripVTControlCharacters(error.message);
  }
  throw new Error('expected the assertion to fail');
}

module.exports = { failureMessage };
