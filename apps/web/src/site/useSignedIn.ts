import { useEffect, useState } from 'react';

let sessionRequest: Promise<boolean> | undefined;

function hasSession(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('session' in body)) return false;
  return typeof body.session === 'object' && body.session !== null;
}

/** Asks the server once per page load whether someone is signed in; any failure counts as signed out. */
export function fetchSignedIn(): Promise<boolean> {
  sessionRequest ??= fetch('/api/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(async (res) => (res.ok ? hasSession(await res.json()) : false))
    .catch(() => false);
  return sessionRequest;
}

/** `true` once the shared session request reports a signed-in user; `false` while loading or signed out. */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    let active = true;
    void fetchSignedIn().then((value) => {
      if (active) setSignedIn(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return signedIn;
}
