// Plans for the bench user, made through the API like everything else: a page's worth of library plans in their
// list, and a Pro subscription through the sandbox checkout so POST /api/fitness-plans is not stopped by the free
// tier's three a month.

const JSON_HEADERS = (session) => ({ 'content-type': 'application/json', 'x-csrf-token': session.csrf, cookie: session.cookie, origin: session.origin });

/** Saves `count` library plans (round the library) into the user's plans. */
export async function savePlans(base, session, count) {
  const res = await fetch(`${base}/api/plan-library?limit=100`, { headers: { cookie: session.cookie, origin: session.origin } });
  if (!res.ok) throw new Error(`plan library: ${res.status} ${await res.text()}`);
  const { items } = await res.json();
  for (let i = 0; i < count; i++) {
    const saved = await fetch(`${base}/api/plan-library/${items[i % items.length].id}/save`, { method: 'POST', headers: JSON_HEADERS(session), body: '{}' });
    if (saved.status !== 201) throw new Error(`save plan: ${saved.status} ${await saved.text()}`);
  }
  return count;
}

/** Checkout for Pro on the sandbox provider with its test card; the signed event makes the user Pro. */
export async function subscribePro(base, session) {
  const start = await fetch(`${base}/api/billing/checkout`, { method: 'POST', headers: JSON_HEADERS(session), body: JSON.stringify({ plan: 'pro', interval: 'month' }) });
  if (!start.ok) throw new Error(`checkout: ${start.status} ${await start.text()}`);
  const { url } = await start.json();
  const form = new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench', intent: 'pay' });
  const done = await fetch(`${base}${new URL(url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body: form,
  });
  if (done.status !== 303) throw new Error(`sandbox checkout: ${done.status} ${await done.text()}`);
  const me = await (await fetch(`${base}/api/me`, { headers: { cookie: session.cookie, origin: session.origin } })).json();
  if (me.subscription?.tier !== 'pro') throw new Error(`the bench user is ${me.subscription?.tier}, not pro`);
}

/** Makes one plan with the built-in engine, as the plan form does; answers its id. */
export async function generatePlan(base, session, body) {
  const res = await fetch(`${base}/api/fitness-plans`, { method: 'POST', headers: JSON_HEADERS(session), body });
  if (res.status !== 201) throw new Error(`generate plan: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}
