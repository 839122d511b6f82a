// Health is asked often, and on PGlite its ping waits behind the statement or transaction under way
// and then runs on the event loop like any other query: under load, each health answer would pay
// for that. So health answers from the last successful ping while it is recent (FRESH_MS), asking
// again in the background once it is half that old. Past that it waits for a ping, but never longer
// than FRESH_MS from when the ping was sent: a database that neither answers nor fails (a pool
// waiting on a dead host, a connection left half-open) counts as not answering once its ping is that
// old, and from then on health says so at once while a new ping is out, never waiting on one. A
// database that answers with an error is reported at the ping that gets it.

/** How long a successful ping answers for the database, and how long one may be out before it counts as none. */
export const FRESH_MS = 1_000;

export interface DatabaseLivenessOptions {
  freshMs?: number;
  /** Milliseconds from any fixed start; @default performance.now */
  now?: () => number;
}

interface Ping {
  answer: Promise<boolean>;
  sentAt: number;
}

/** Whether the database answers, from a recent ping or a new one, never waiting past `freshMs` for it. */
export function databaseLiveness(
  ping: () => Promise<boolean>,
  { freshMs = FRESH_MS, now = () => performance.now() }: DatabaseLivenessOptions = {},
): () => Promise<boolean> {
  let answeredAt: number | undefined;
  /** The last ping failed or went unanswered too long, and none has succeeded since. */
  let notAnswering = false;
  let asking: Ping | undefined;
  const heard = (answered: boolean) => {
    answeredAt = answered ? now() : undefined;
    notAnswering = !answered;
  };
  const ask = (): Ping => {
    if (asking) return asking;
    const sent: Ping = {
      sentAt: now(),
      answer: ping()
        .catch(() => false)
        .then((answered) => {
          heard(answered);
          if (asking === sent) asking = undefined;
          return answered;
        }),
    };
    asking = sent;
    return sent;
  };
  /** The ping's answer, or `false` once it has been out `freshMs`. */
  const answerWithin = ({ answer, sentAt }: Ping) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<boolean>((resolve) => {
      timer = setTimeout(
        () => {
          notAnswering = true;
          resolve(false);
        },
        freshMs - (now() - sentAt),
      );
      timer.unref?.();
    });
    return Promise.race([answer, givenUp]).finally(() => clearTimeout(timer));
  };
  return () => {
    const age = answeredAt === undefined ? Number.POSITIVE_INFINITY : now() - answeredAt;
    if (age < freshMs) {
      if (age >= freshMs / 2) void ask();
      return Promise.resolve(true);
    }
    // A ping out this long is given up on (it may never come back) and a new one sent in its stead.
    if (asking && now() - asking.sentAt >= freshMs) {
      notAnswering = true;
      asking = undefined;
    }
    const pending = ask();
    return notAnswering ? Promise.resolve(false) : answerWithin(pending);
  };
}
