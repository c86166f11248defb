/**
 * The shell: who is signed in (GET /me), the navigation of their role, and the screen of the
 * current route. Signed-out visitors see sign-in, sign-up and the pages email links open.
 */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { ok, platform } from './api.js';
import { AdminFiat } from './pages/admin-fiat.js';
import { AdminKyc } from './pages/admin-kyc.js';
import { AdminBusinesses } from './pages/admin-businesses.js';
import { AdminTokens } from './pages/admin-tokens.js';
import { AdminUsers } from './pages/admin-users.js';
import { Account, FirstPassword } from './pages/account.js';
import { ApiKeys } from './pages/api-keys.js';
import { AdminSettlement } from './pages/admin-settlement.js';
import { AdminOrderAudit } from './pages/admin-order-audit.js';
import { AdminSurveillance } from './pages/admin-surveillance.js';
import { AdminTrading } from './pages/admin-trading.js';
import { AdminSessions } from './pages/admin-sessions.js';
import { AdminAgentActions } from './pages/admin-agent-actions.js';
import { AdminCluster } from './pages/admin-cluster.js';
import { AdminDividends, TokenDividends } from './pages/dividends.js';
import { AdminMeetings, MeetingPage, TokenMeetings } from './pages/meetings.js';
import { AdminSplits, TokenSplits } from './pages/splits.js';
import { AdminDebtCalls, TokenDebt } from './pages/debt.js';
import { SignIn, SignUp } from './pages/auth.js';
import { ForgotPassword, ResetPassword, VerifyEmail, VerifyEmailBanner } from './pages/email.js';
import { Notifications } from './pages/notifications.js';
import { FirstFactor, hasFactor, loadFactors, Security, StepUpDialog } from './pages/factors.js';
import { Fiat } from './pages/fiat.js';
import { Home } from './pages/home.js';
import { Company, Issuer } from './pages/issuer.js';
import { Kyc } from './pages/kyc.js';
import { Market, TokenPage } from './pages/market.js';
import { PortfolioPage } from './pages/portfolio.js';
import { RegisterPage } from './pages/register.js';
import { StatementPage } from './pages/statement.js';
import { TradePage } from './pages/trade.js';
import { match, navigate, useRoute } from './route.js';
import { session } from './session.js';
import type { Me } from './types.js';
import { Loaded, useLoad } from './ui.js';
import { WorkReload, waitingOn, type WaitingWork } from './work.js';

interface MeState {
  me: Me;
  reload: () => void;
}

const MeContext = createContext<MeState | undefined>(undefined);

export function useMe(): MeState {
  const state = useContext(MeContext);
  if (!state) throw new Error('useMe outside a signed-in screen');
  return state;
}

function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(session.signedIn());
  useEffect(() => session.onChange(() => setSignedIn(session.signedIn())), []);
  // Refresh the access token a minute before it expires, so screens never see a 401 mid-use.
  useEffect(() => {
    if (!signedIn) return;
    const due = session.refreshDueIn();
    if (due === undefined) return;
    const timer = setTimeout(() => void session.refresh(), due);
    return () => clearTimeout(timer);
  });
  return signedIn;
}

const navByRole: Record<Me['role'], [string, string][]> = {
  investor: [
    ['/', 'Overview'],
    ['/kyc', 'Verification'],
    ['/market', 'Marketplace'],
    ['/portfolio', 'Portfolio'],
    ['/fiat', 'Deposits & withdrawals'],
  ],
  issuer: [
    ['/', 'Overview'],
    ['/kyc', 'Verification'],
    ['/issuer', 'Businesses & tokens'],
    ['/market', 'Marketplace'],
    ['/portfolio', 'Portfolio'],
  ],
  staff: [
    ['/', 'Overview'],
    ['/admin/kyc', 'KYC queue'],
    ['/admin/businesses', 'Businesses'],
    ['/admin/tokens', 'Tokens'],
    ['/admin/fiat', 'Fiat requests'],
    ['/admin/dividends', 'Dividends'],
    ['/admin/meetings', 'Meetings'],
    ['/admin/splits', 'Splits'],
    ['/admin/debt-calls', 'Debt calls'],
    ['/admin/settlement', 'Settlement'],
    ['/admin/trading', 'Trading halts'],
    ['/admin/sessions', 'Trading sessions'],
    ['/admin/cluster', 'Trading nodes'],
    ['/admin/agent-actions', 'Agent actions'],
    ['/admin/surveillance', 'Surveillance'],
    ['/admin/order-audit', 'Order audit'],
    ['/admin/users', 'Users'],
    ['/market', 'Marketplace'],
  ],
  admin: [
    ['/', 'Overview'],
    ['/admin/kyc', 'KYC queue'],
    ['/admin/businesses', 'Businesses'],
    ['/admin/tokens', 'Tokens'],
    ['/admin/fiat', 'Fiat requests'],
    ['/admin/dividends', 'Dividends'],
    ['/admin/meetings', 'Meetings'],
    ['/admin/splits', 'Splits'],
    ['/admin/debt-calls', 'Debt calls'],
    ['/admin/settlement', 'Settlement'],
    ['/admin/trading', 'Trading halts'],
    ['/admin/sessions', 'Trading sessions'],
    ['/admin/cluster', 'Trading nodes'],
    ['/admin/agent-actions', 'Agent actions'],
    ['/admin/surveillance', 'Surveillance'],
    ['/admin/order-audit', 'Order audit'],
    ['/admin/users', 'Users'],
    ['/market', 'Marketplace'],
  ],
};

/**
 * A corporate investor verifies its company (KYB) on a screen of its own; investors and issuers
 * have API keys; everyone has Account.
 */
function navFor(me: Me): [string, string][] {
  const items = navByRole[me.role];
  return [
    ...(me.role === 'investor' && me.account_type === 'corporate'
      ? [...items.slice(0, 2), ['/company', 'Company'] as [string, string], ...items.slice(2)]
      : items),
    ...(me.role === 'investor' || me.role === 'issuer'
      ? [['/api-keys', 'API keys'] as [string, string]]
      : []),
    ['/notifications', 'Notifications'],
    ['/account', 'Account'],
    ['/security', 'Security'],
  ];
}

/** The pages an email link opens, signed in or not; undefined for any other path. */
function emailPage(path: string) {
  let params: Record<string, string> | undefined;
  if ((params = match('/verify-email/:token', path))) return <VerifyEmail token={params.token!} />;
  if ((params = match('/reset-password/:token', path)))
    return <ResetPassword token={params.token!} />;
  if (path === '/forgot-password') return <ForgotPassword />;
  return undefined;
}

function Screen({ path, work }: { path: string; work: WaitingWork | undefined }) {
  let params: Record<string, string> | undefined;
  const fromEmail = emailPage(path);
  if (fromEmail) return fromEmail;
  if ((params = match('/token/:id', path))) return <TokenPage id={params.id!} />;
  if ((params = match('/trade/:id', path))) return <TradePage id={params.id!} />;
  if ((params = match('/dividends/:id', path))) return <TokenDividends id={params.id!} />;
  if ((params = match('/splits/:id', path))) return <TokenSplits id={params.id!} />;
  if ((params = match('/debt/:id', path))) return <TokenDebt id={params.id!} />;
  if ((params = match('/register/:id', path))) return <RegisterPage id={params.id!} />;
  if ((params = match('/meetings/token/:id', path))) return <TokenMeetings id={params.id!} />;
  if ((params = match('/meetings/:id', path))) return <MeetingPage id={params.id!} />;
  if ((params = match('/admin/users/:id/statements', path)))
    return <StatementPage userId={params.id} />;
  if ((params = match('/admin/users/:id', path))) return <AdminUsers find={params.id!} />;
  switch (path) {
    case '/':
      return <Home work={work} />;
    case '/kyc':
      return <Kyc />;
    case '/market':
      return <Market />;
    case '/portfolio':
      return <PortfolioPage />;
    case '/statements':
      return <StatementPage />;
    case '/fiat':
      return <Fiat />;
    case '/issuer':
      return <Issuer />;
    case '/company':
      return <Company />;
    case '/admin/kyc':
      return <AdminKyc />;
    case '/admin/businesses':
      return <AdminBusinesses />;
    case '/admin/tokens':
      return <AdminTokens />;
    case '/admin/fiat':
      return <AdminFiat />;
    case '/admin/users':
      return <AdminUsers find="" />;
    case '/admin/dividends':
      return <AdminDividends />;
    case '/admin/meetings':
      return <AdminMeetings />;
    case '/admin/splits':
      return <AdminSplits />;
    case '/admin/debt-calls':
      return <AdminDebtCalls />;
    case '/admin/settlement':
      return <AdminSettlement />;
    case '/admin/trading':
      return <AdminTrading />;
    case '/admin/sessions':
      return <AdminSessions />;
    case '/admin/cluster':
      return <AdminCluster />;
    case '/admin/agent-actions':
      return <AdminAgentActions />;
    case '/admin/surveillance':
      return <AdminSurveillance />;
    case '/admin/order-audit':
      return <AdminOrderAudit />;
    case '/account':
      return <Account />;
    case '/security':
      return <Security />;
    case '/api-keys':
      return <ApiKeys />;
    case '/notifications':
      return <Notifications />;
    default:
      return <p>There is no page at {path}.</p>;
  }
}

function SignedIn({ path }: { path: string }) {
  // staff and admins without a second factor enrol before anything else
  const me = useLoad(async () => {
    const who = await ok(platform.GET('/api/v1/me'));
    const mustEnrol =
      isStaff(who) && !who.password_change_required && !hasFactor(await loadFactors());
    return { who, mustEnrol };
  });
  return (
    <Loaded state={me}>
      {({ who: data, mustEnrol }) => (
        <MeContext.Provider value={{ me: data, reload: me.reload }}>
          {data.password_change_required || mustEnrol ? (
            <>
              <Header me={data} />
              <main>
                {mustEnrol ? (
                  <FirstFactor onEnrolled={me.reload} />
                ) : (
                  <FirstPassword onChanged={me.reload} />
                )}
              </main>
            </>
          ) : (
            <Shell me={data} path={path} />
          )}
        </MeContext.Provider>
      )}
    </Loaded>
  );
}

/** Who is signed in, and the way out. */
function Who({ me }: { me: Me }) {
  return (
    <span class="who">
      {me.email} <small>({me.role})</small>
      <button
        type="button"
        class="link"
        onClick={() => void session.signOut().then(() => navigate('/'))}
      >
        Sign out
      </button>
    </span>
  );
}

/** The bar of a screen that offers nothing else (the first password change). */
function Header({ me }: { me: Me }) {
  return (
    <header class="top">
      <span class="brand">Tessera</span>
      <Who me={me} />
    </header>
  );
}

const isStaff = (me: Me) => me.role === 'staff' || me.role === 'admin';

/** The navigation (with staff's waiting work counted per screen) and the current screen. */
function Shell({ me, path }: { me: Me; path: string }) {
  const work = useLoad(
    () => (isStaff(me) ? ok(platform.GET('/api/v1/admin/work')) : Promise.resolve(undefined)),
    [path, me.role],
  );
  return (
    <WorkReload.Provider value={work.reload}>
      <header class="top">
        <a class="brand" href="#/">
          Tessera
        </a>
        <nav aria-label="Main">
          {navFor(me).map(([to, text]) => {
            const waiting = waitingOn(to, work.data);
            return (
              <a key={to} href={`#${to}`} aria-current={path === to ? 'page' : undefined}>
                {text}
                {waiting > 0 ? (
                  <span class="count" data-testid={`waiting-${to.split('/').at(-1)}`}>
                    {' '}
                    {waiting}
                  </span>
                ) : null}
              </a>
            );
          })}
        </nav>
        <Who me={me} />
      </header>
      <main>
        <VerifyEmailBanner />
        <StepUpDialog />
        <Screen path={path} work={work.data} />
      </main>
    </WorkReload.Provider>
  );
}

export function App() {
  const path = useRoute();
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <>
        <header class="top">
          <a class="brand" href="#/">
            Tessera
          </a>
          <nav aria-label="Main">
            <a href="#/">Sign in</a>
            <a href="#/signup">Sign up</a>
          </nav>
        </header>
        <main>{emailPage(path) ?? (path === '/signup' ? <SignUp /> : <SignIn />)}</main>
      </>
    );
  }
  // A signed-in user who lands on the sign-up link goes to the overview.
  return <SignedIn path={path === '/signup' ? '/' : path} />;
}
