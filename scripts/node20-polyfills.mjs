// Vitest 5 is written for Node 22 and calls Map.groupBy, Object.groupBy and Promise.withResolvers, which
// Node 20 lacks: without these it crashes while reporting a failed test, and the failure goes uncounted.
// scripts/test.mjs loads this file into every Vitest process with NODE_OPTIONS=--import. No-ops on Node 22.

if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, keyOf) => {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      const group = map.get(key);
      if (group) group.push(item);
      else map.set(key, [item]);
    }
    return map;
  };
}

if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, keyOf) => {
    const out = Object.create(null);
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      if (!out[key]) out[key] = [];
      out[key].push(item);
    }
    return out;
  };
}

if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
