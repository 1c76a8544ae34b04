package dev.keyplan.simulate;

/**
 * A cluster setting the run cannot honour, found only once the model is read (a replication that
 * names a datacenter the cluster lacks, a node to remove that does not exist). The CLI reports it
 * as bad input, exit 2, like an invalid option.
 */
public final class SetupException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public SetupException(String message) {
    super(message);
  }
}
