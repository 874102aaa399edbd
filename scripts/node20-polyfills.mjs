// Map.groupBy, Object.groupBy and Promise.withResolvers for Node 20, which lacks them. Vitest 5 needed
// them to report a failed test; the workspace is on Vitest 4 now, which runs on Node 20 as it is, and only
// apps/api/vitest.config.ts still imports this file. No-ops on Node 22 and later.

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
