// Shown wherever prices are (docs/website.md, "Pages": "Market data is not financial advice").
export function NotAdvice() {
  return (
    <p className="not-advice" data-testid="not-advice">
      Market data is not financial advice.
    </p>
  );
}
