#!/usr/bin/env node
// A bot for dominoes-arcade in JavaScript, speaking the bot protocol
// (docs/bot-protocol.md): one JSON object a line on stdin and stdout.
//
//   dominoes-arcade tournament run --game necropolis --bots greedy,"cmd:node examples/greedy_bot.js"
//
// It plays a tile when it can, the one with the most pips, and otherwise a random
// legal decision. Anything it prints to stderr goes to the bots log.
"use strict";
const readline = require("readline");

let seed = 1;
function random() {  // a small seeded generator, so a seed repeats a game
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

function pips(decision) {  // the pips of the tile a decision names, or -1
  const tile = decision.match(/(\d+)-(\d+)/);
  return tile ? Number(tile[1]) + Number(tile[2]) : -1;
}

function choose(legal) {
  const plays = legal.filter((d) => pips(d) >= 0 && !d.startsWith("exchange"));
  if (plays.length > 0) {
    return plays.reduce((best, d) => (pips(d) > pips(best) ? d : best));
  }
  return legal[Math.floor(random() * legal.length)];
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "hello", protocol: 1, name: "greedy.js", author: "dominoes-arcade" });
      break;
    case "start":
      seed = (message.seed % 2147483647) + 1;
      break;
    case "decide":
      send({ type: "action", action: choose(message.legal) });
      break;
    case "end":
      process.stderr.write(`game over: scores ${message.scores}\n`);
      break;
    case "quit":
      process.exit(0);
  }
});
