// JSON calls to the API.

/** A JSON call that throws unless 2xx; answers the parsed body. */
export async function api(base, method, pathName, { token, body, headers = {} } = {}) {
  const res = await fetch(`${base}${pathName}`, {
    method,
    headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathName} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A call whatever its status: `{ status, json, text, headers }` (`json` when the answer parses).
 * An object body goes as JSON; a string or a Buffer as it is.
 */
export async function call(url, method, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}
