import { ALL_HEAVY_INPUTS, type AttackOrder, type AttackReport } from './noisy-neighbour';

// One heavy input's rounds sent without pause from a process of its own (forked by
// attackFromAnotherProcess): the attacker's own client work then never runs on the event loop of the
// server it attacks, as it would not in life. Told what to send by its first message; any later
// message stops it, its open requests aborted as a client gone away.

const send = (report: AttackReport) => process.send?.(report);

process.once('message', async (order: AttackOrder) => {
  const input = ALL_HEAVY_INPUTS.find((candidate) => candidate.name === order.input);
  const stop = new AbortController();
  process.once('message', () => stop.abort());
  if (!input) send({ failed: `no heavy input is named ${order.input}` });
  while (input && !stop.signal.aborted) {
    // A signal of the round's own: fetch leaves a listener on the signal it is given, and thousands of
    // rounds on one signal would pile them up.
    const round = new AbortController();
    const abortRound = () => round.abort();
    stop.signal.addEventListener('abort', abortRound, { once: true });
    try {
      await input.round(order.attacker, order.projectId, round.signal, (answer) => send({ answer }));
      send({ roundOver: true });
    } catch (error) {
      if (!stop.signal.aborted) send({ failed: String(error) });
      break;
    } finally {
      stop.signal.removeEventListener('abort', abortRound);
    }
  }
  process.disconnect();
  // A kept-alive connection must not keep the process after it was told to stop.
  setTimeout(() => process.exit(0), 1000).unref();
});
