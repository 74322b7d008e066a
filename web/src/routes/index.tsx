import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <section>
      <h1>Skill packages for AI agents</h1>
      <p>
        A registry of versioned, namespaced and verifiable skill packages, and a data layer for chain and
        market data. Publish and install with the <code>pkg</code> command.
      </p>
      <p>
        <Link to="/status">Check the service status</Link>
      </p>
    </section>
  );
}
