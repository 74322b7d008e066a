import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        Nothing lives at this address. <Link to="/">Go to the home page</Link>.
      </p>
    </section>
  );
}
