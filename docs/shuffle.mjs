// A second, independent implementation of the deal shuffle of docs/CODES.md, in JavaScript.
// tests/test_codes.py runs it under Node and compares every card with the Python engine:
// proof that the written definition is enough to re-implement the deals in another language.
// Usage: node docs/shuffle.mjs DEAL_NUMBER  -> the 104 shuffled cards, space-separated.
const MASK = (1n << 64n) - 1n;

function splitmix64(seed) {
  let state = BigInt(seed) & MASK;
  return function next() {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
}

export function shuffle(deal) {
  const cards = [];
  for (let deck = 0; deck < 2; deck++)
    for (const suit of "SHDC") for (const rank of "A23456789TJQK") cards.push(rank + suit);
  const next = splitmix64(deal);
  const two64 = 1n << 64n;
  for (let i = cards.length - 1; i > 0; i--) {
    const n = BigInt(i + 1);
    const limit = two64 - (two64 % n);
    let x;
    do x = next(); while (x >= limit);
    const j = Number(x % n);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

if (process.argv[2] !== undefined) console.log(shuffle(Number(process.argv[2])).join(" "));
