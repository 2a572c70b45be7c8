// The page's address: the open tab, its judge input and its options
// (#2048?input=...&moves=10), so that a link reopens the same puzzle.

// Longest link the page writes: beyond it the input stays out of the address
// (browsers and chat programs cut long URLs) and "Copy link" says so.
const MAX_LINK_INPUT = 16000;
// The hash parameter that holds the judge input; options use their names.
const INPUT_PARAMETER = 'input';

// The open tab and its state from the address: {name, input, options}
// (input null when absent; options: option name -> text).
export function readHash() {
  const hash = decodeURIComponent(location.hash.slice(1).split('?')[0]);
  const query = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  const parameters = new URLSearchParams(query);
  const options = {};
  for (const [key, value] of parameters) if (key !== INPUT_PARAMETER) options[key] = value;
  return { name: hash, input: parameters.get(INPUT_PARAMETER), options };
}

// The address of a tab with its input and options; the input is left out
// beyond MAX_LINK_INPUT characters (`tooLong` then says how long it was).
export function hashOf(name, input, options) {
  const parameters = new URLSearchParams();
  let tooLong = 0;
  if (input !== null) {
    if (input.length <= MAX_LINK_INPUT) parameters.set(INPUT_PARAMETER, input);
    else tooLong = input.length;
  }
  for (const [key, value] of Object.entries(options)) parameters.set(key, value);
  const query = parameters.toString();
  return { hash: `#${encodeURIComponent(name)}${query ? `?${query}` : ''}`, tooLong };
}
