package dev.keyplan.dynamodb.workbench;

import java.util.Optional;

/**
 * {@code ProvisionedCapacitySettings} of a table: the provisioned throughput and, optionally, the
 * Application Auto Scaling settings Workbench 3.x writes beside it.
 */
public record WorkbenchCapacity(
    long readCapacityUnits,
    long writeCapacityUnits,
    Optional<AutoScaling> autoScalingRead,
    Optional<AutoScaling> autoScalingWrite) {

  /**
   * {@code ScalableTargetRequest.MinCapacity/MaxCapacity} and {@code
   * ScalingPolicyConfiguration.TargetValue} (target utilisation, percent).
   */
  public record AutoScaling(long minCapacity, long maxCapacity, double targetValue) {}
}
