package dev.keyplan.verify;

/**
 * Why a verification could not go on: the engine does not answer, refuses the credentials, or the
 * namespace keyplan would create already exists. The CLI prints the message and exits with 2;
 * messages never hold a secret.
 */
public final class VerifyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public VerifyException(String message) {
    super(message);
  }

  public VerifyException(String message, Throwable cause) {
    super(message, cause);
  }
}
