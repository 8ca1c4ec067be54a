// The soak's route mix: what visitors, a signed-in client and a signed-in maker do most, on real demo records.
// Every request is tried once before the soak; one that does not answer 2xx stops it, so the mix cannot
// quietly contain a path that does not exist.
import type autocannon from 'autocannon';

interface Cookies {
  client: string;
  maker: string;
}

const json = async <T>(url: string, cookie?: string): Promise<T> => {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
};

export const soakRequests = async (baseUrl: string, cookies: Cookies): Promise<autocannon.Request[]> => {
  const listing = await json<{ creators: Array<{ id: string; portfolio: Array<{ thumbnailUrl: string | null }> }> }>(`${baseUrl}/api/marketplace/creators`);
  const creator = listing.creators.find((card) => card.portfolio.some((item) => item.thumbnailUrl));
  if (!creator) throw new Error('the demo marketplace has no creator with a portfolio');
  const thumbnail = creator.portfolio.find((item) => item.thumbnailUrl)!.thumbnailUrl!;
  const { projects } = await json<{ projects: Array<{ id: string }> }>(`${baseUrl}/api/projects`, cookies.client);
  if (projects.length === 0) throw new Error('the demo client has no projects');
  const { profile } = await json<{ profile: { companyName: string; industry: string; budgetRange: string; desiredCategories: string[] } }>(
    `${baseUrl}/api/profiles/client`,
    cookies.client,
  );

  const get = (path: string, who?: keyof Cookies): autocannon.Request => ({ method: 'GET', path, ...(who ? { headers: { cookie: cookies[who] } } : {}) });
  const asJson = (who: keyof Cookies) => ({ cookie: cookies[who], 'content-type': 'application/json', origin: baseUrl });
  const requests: autocannon.Request[] = [
    // Visitors: pages (server-rendered meta) and the public API behind them.
    get('/'),
    get('/marketplace'),
    get(`/studio/${creator.id}`),
    get('/api/marketplace/creators'),
    get('/api/marketplace/creators?role=maker&seal=1'),
    get('/api/marketplace/creators?q=design'),
    get('/api/marketplace/showcase'),
    get(`/api/studio/${creator.id}`),
    get(thumbnail),
    get('/sitemap.xml'),
    get('/api/account/me'),
    // A signed-in client.
    get('/api/account/me', 'client'),
    get('/api/client/dashboard', 'client'),
    get('/api/client/creators', 'client'),
    get('/api/projects', 'client'),
    get('/api/projects/summary', 'client'),
    get(`/api/projects/${projects[0].id}`, 'client'),
    get('/api/white-glove/requests', 'client'),
    // A write that takes the row lock and the transaction path: saving the profile as it is.
    {
      method: 'PUT',
      path: '/api/client/profile',
      headers: asJson('client'),
      body: JSON.stringify({ companyName: profile.companyName, industry: profile.industry, budgetRange: profile.budgetRange, desiredCategories: profile.desiredCategories }),
    },
    // A signed-in maker.
    get('/api/creator-dashboard/summary', 'maker'),
    get('/api/creator-dashboard/earnings', 'maker'),
    get('/api/portfolio', 'maker'),
    get('/api/profiles/maker', 'maker'),
    get('/api/projects', 'maker'),
    get('/api/workshops/upcoming', 'maker'),
  ];

  for (const request of requests) {
    const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers as Record<string, string> | undefined, body: request.body as string | undefined });
    if (!response.ok) throw new Error(`soak route ${request.method} ${request.path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
  return requests;
};
