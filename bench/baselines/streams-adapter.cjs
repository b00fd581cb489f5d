// bench:scale's other socket.io adapter, loaded with `--require` (NODE_OPTIONS) into the processes a cluster
// starts: where the API builds @socket.io/redis-adapter's pub/sub adapter, it gets
// @socket.io/redis-streams-adapter on the same publishing client instead (stream named after the same key),
// and the subscriber the API made for pub/sub is closed unused — so the resync notice that follows a lost
// pub/sub subscription never fires, and what the Streams adapter recovers by itself is what is measured.
// Nothing here ships in the product.
'use strict';
const pubsub = require('@socket.io/redis-adapter');
const streams = require('@socket.io/redis-streams-adapter');

pubsub.createAdapter = (pub, sub, opts = {}) => {
  sub.disconnect();
  return streams.createAdapter(pub, { streamName: opts.key ?? 'socket.io', requestsTimeout: opts.requestsTimeout });
};
