'use strict';
// autocannon setupClient hook (loaded by path in its worker thread, hence CommonJS).
// Every connection walks the same request list; started at the same place, 50 connections would ask
// for the same URL at the same moment all along the run, a stampede no real audience makes. Each one
// starts at its own offset instead (37 is prime, so offsets differ for lists of up to 37 entries and
// spread evenly over longer ones).
let connection = 0;

module.exports = function staggerConnections(client) {
  const requests = client.opts.requests;
  if (!Array.isArray(requests) || requests.length < 2) return;
  const offset = (connection++ * 37) % requests.length;
  client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
};
