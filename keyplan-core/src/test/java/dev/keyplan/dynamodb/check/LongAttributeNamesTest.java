package dev.keyplan.dynamodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * LongAttributeNames prices the bytes attribute names take in every item, against names of at most
 * 3 characters, and reports a saving of $10 a month or more.
 *
 * <p>The readings item: PK = "D#{device_identifier}" 2 + 38 = 40 B, SK = "{measurement_timestamp}"
 * 2 + 24 = 26 B, device_identifier 17 + 36 = 53, measurement_timestamp 21 + 24 = 45,
 * temperature_celsius 19 + 10 = 29, relative_humidity_percent 25 + 10 = 35,
 * battery_voltage_millivolts 26 + 6 = 32, firmware_version_string 23 + 8 = 31 and
 * raw_sensor_payload_base64 25 + payload. Names: 2 + 2 + 17 + 21 + 19 + 25 + 26 + 23 + 25 = 160 B;
 * cut to 3 characters they lose 14 + 18 + 16 + 22 + 23 + 20 + 22 = 135 B. 1,000 readings/s for 1
 * year are 31,536,000,000 items. Prices: the built-in US East table ($0.25 per GB-month of 2^30 B;
 * $0.625 per million write request units).
 */
final class LongAttributeNamesTest {
  private final RuleTester tester = RuleTester.of(LongAttributeNames.class);

  private static String readings(
      String payload, String count, String growth, String rate, String index) {
    return """
        model: telemetry
        horizon: 1y
        entities:
          Reading:
            attributes:
              device_identifier: uuid
              measurement_timestamp: timestamp
              temperature_celsius: double
              relative_humidity_percent: double
              battery_voltage_millivolts: int
              firmware_version_string: {type: text, size: 8B}
              raw_sensor_payload_base64: {type: text, size: %s}
            key: [device_identifier, measurement_timestamp]
            count: %s
            growth: %s
        patterns:
          - id: record-reading
            rate: %s
            insert: Reading
          - id: latest-readings
            rate: 100/s
            query: Reading where device_identifier = ? order by measurement_timestamp desc limit 10
        dynamodb:
          tables:
            Readings:
              partition_key: PK
              sort_key: SK
        %s
              items:
                Reading:   # FINDING-HERE
                  keys: {PK: "D#{device_identifier}", SK: "{measurement_timestamp}"}
        """
        .formatted(payload, count, growth, rate, index.indent(6).stripTrailing());
  }

  @Test
  void namesPushEachWriteOverOneKilobyte_isWarning() {
    // Item: 40 + 26 + 53 + 45 + 29 + 35 + 32 + 31 + (25 + 800) = 1,116 B: 2 WCU per write.
    // Names 160 B = 14.3%. Without 135 B it is 981 B: 1 WCU.
    // Storage: 31,536,000,000 × 135 B = 4,257,360,000,000 B = 3,964.97 GB × $0.25 = $991.24/month.
    // Writes: 1,000/s × (2 − 1) = 1,000 WCU/s × 2,628,000 s × $0.625 / 10^6 = $1,642.50/month.
    // Total $2,633.74 ≥ $10 ⇒ reported; writes are saved ⇒ warning.
    tester
        .model(
            readings("800B", "0", "1k/s", "1k/s", "")
                .replace(
                    "# FINDING-HERE",
                    "# FINDING: LongAttributeNames [warning]: names are 160 B of its 1,116 B (14.3%), stored in each of its"
                        + " 31,536,000,000 items at 1y; with names of at most 3 characters an item is 135 B smaller: 4.26 TB less"
                        + " storage, items and index entries ($991.24/month), and at 981 B a write needs 1 WCU instead of 2:"
                        + " 1,000 WCU/s fewer at peak ($1,642.50/month); $2,633.74/month in all"))
        .expectMarkedFindings();
  }

  @Test
  void smallerItems_saveStorageOnly_isInfo_andIndexEntriesCount() {
    // Payload 300 B: 1,116 − 500 = 616 B, 481 B with short names: 1 WCU either way.
    // A KEYS_ONLY index on firmware_version_string holds the names PK, SK, firmware_version_string:
    // 0 + 0 + 20 B more to save per item. Storage: 31,536,000,000 × (135 + 20) = 4,888,080,000,000
    // B
    // = 4,552.37 GB × $0.25 = $1,138.09/month ≥ $10 ⇒ reported; no write saved ⇒ info.
    tester
        .model(
            readings(
                    "300B",
                    "0",
                    "1k/s",
                    "1k/s",
                    "indexes:\n  by_firmware: {partition_key: firmware_version_string, projection: KEYS_ONLY}")
                .replace(
                    "# FINDING-HERE",
                    "# FINDING: LongAttributeNames [info]: 4.89 TB less storage, items and index"
                        + " entries ($1,138.09/month) (its writes stay at 1 WCU)"))
        .expectMarkedFindings();
  }

  @Test
  void fewItems_savingUnderTenDollars_isNotFlagged() {
    // 1M readings and 1 write/s: 1,000,000 × 135 B = 135 MB = $0.03/month; 1 WCU/s saved
    // × 2,628,000 s × $0.625 / 10^6 = $1.64/month; $1.67 < $10 ⇒ no finding.
    tester
        .model(readings("800B", "1M", "0/s", "1/s", "").replace("# FINDING-HERE", ""))
        .expectMarkedFindings();
  }
}
