package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.TokenAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.ToIntFunction;

/**
 * How a joining node picks its {@code num_tokens} tokens.
 *
 * <p>{@link #RANDOM} is Cassandra's behaviour without an allocator option: each token is {@code
 * normalize(random long)}, skipping tokens already taken ({@code BootStrapper.getRandomTokens}).
 * {@link #REPLICATION_AWARE} is {@code allocate_tokens_for_local_replication_factor} (on by default
 * since 4.0, {@code conf/cassandra.yaml}), Cassandra 5.0's allocator as {@link TokenAllocator}
 * implements it from its published design, with the datacenter's replication factor as the option's
 * value. keyplan-fidelity's FidelityAllocatorTest compares the ownership it gives with
 * cassandra-all's own allocator. Notes: shared/notes/cassandra.md §4.1–4.2.
 */
public enum TokenAllocation {
  /** Random tokens from the seed. */
  RANDOM,
  /** Cassandra's replication-aware allocator, for each datacenter's replication factor. */
  REPLICATION_AWARE;

  /**
   * What building one datacenter's ring of {@code nodes} nodes with {@code numTokens} tokens each
   * costs, in the work budget's steps of 6 µs ({@link dev.keyplan.simulate.WorkBudget}): 20 steps a
   * token for every allocation (the tokens, their ranges and replicas), and for the
   * replication-aware allocator, which weighs each new token against the datacenter's nodes, a
   * further {@code nodes × tokens ÷ 10} — quadratic in the nodes. Measured once (2026-12-05, the
   * 2-core machine, {@code simulate cassandra examples/chat.yaml --nodes N}, wall time less the 1.8
   * s start-up): random tokens, 4,000 nodes × 16 tokens in about 7 s (110 µs, 18 steps a token);
   * replication-aware, 1,000 nodes in 9.7 s, 2,000 in 31.6 s, 4,000 in 83 s (0.6 µs, 0.1 step, per
   * node × token × node at 1,000 nodes, less at more). Example: 10,000 nodes × 16 tokens,
   * replication-aware, is 3.2 million + 160 million steps, about 16 minutes at 6 µs; with 256
   * tokens, 2.6 billion steps, over the default budget: refused before the ring is built.
   */
  public double buildSteps(int nodes, int numTokens) {
    double tokens = (double) nodes * numTokens;
    return this == REPLICATION_AWARE ? tokens * 20 + tokens * nodes / 10 : tokens * 20;
  }

  /**
   * Returns {@code nodes} with tokens: those in {@code existing} keep theirs; each of {@code
   * joining} (name, dc, rack) gets {@code numTokens} new ones, in order. The allocator assumes the
   * shipped {@code allocate_tokens_for_local_replication_factor: 3}.
   */
  public List<Node> allocate(
      List<Node> existing, List<String[]> joining, int numTokens, SplittableRandom random) {
    return allocate(existing, joining, numTokens, dc -> 3, random);
  }

  /**
   * As {@link #allocate(List, List, int, SplittableRandom)}, the allocator balancing each
   * datacenter for {@code localRf} of its name: the replicas that datacenter keeps of each range.
   */
  public List<Node> allocate(
      List<Node> existing,
      List<String[]> joining,
      int numTokens,
      ToIntFunction<String> localRf,
      SplittableRandom random) {
    TreeSet<Long> taken = new TreeSet<>();
    existing.forEach(n -> taken.addAll(n.tokens()));
    List<Node> out = new ArrayList<>(existing);
    for (String[] j : joining) {
      List<Long> tokens =
          this == RANDOM
              ? randomTokens(taken, numTokens, random)
              : TokenAllocator.allocate(
                      out, j[1], j[2], localRf.applyAsInt(j[1]), numTokens, random)
                  .tokens();
      taken.addAll(tokens);
      out.add(new Node(j[0], j[1], j[2], tokens));
    }
    return List.copyOf(out);
  }

  private static List<Long> randomTokens(TreeSet<Long> taken, int n, SplittableRandom random) {
    List<Long> out = new ArrayList<>();
    while (out.size() < n) {
      long t = Murmur3Token.normalize(random.nextLong());
      if (!taken.contains(t) && !out.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }
}
