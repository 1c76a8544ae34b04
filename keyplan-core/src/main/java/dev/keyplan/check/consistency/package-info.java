/**
 * Rules of the consistency category: reads that may miss writes the model expects them to see (R +
 * W ≤ RF on Cassandra, a strong read served by a DynamoDB global index), and lightweight
 * transactions on a busy Cassandra partition.
 */
package dev.keyplan.check.consistency;
