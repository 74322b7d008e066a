// Shown wherever prices are (doc 3: "Market data is not financial advice").
export function NotAdvice() {
  return (
    <p className="not-advice" data-testid="not-advice">
      Market data is not financial advice.
    </p>
  );
}
