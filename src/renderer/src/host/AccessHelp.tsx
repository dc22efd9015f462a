/**
 * Browser mode opened without this run's token: say where the right address is, instead of a bare
 * refusal or a "connection lost" banner.
 */
export function AccessHelp({ wrongToken }: { wrongToken: boolean }) {
  return (
    <main className="access-help" aria-labelledby="access-help-title">
      <h1 id="access-help-title">
        {wrongToken
          ? 'This address is from an earlier run of Tether'
          : 'Open Tether with its token'}
      </h1>
      <p>
        {wrongToken
          ? 'Its token does not fit the Tether now running here, which was probably restarted.'
          : 'This page was opened without the access token that keeps other programs out.'}
      </p>
      <p>
        Open the address that <code>npm start</code> printed in the terminal where it runs. It looks
        like <code>http://{window.location.host}/?token=…</code>
      </p>
    </main>
  );
}
