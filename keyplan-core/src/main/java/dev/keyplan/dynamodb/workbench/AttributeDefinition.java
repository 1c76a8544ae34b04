package dev.keyplan.dynamodb.workbench;

import dev.keyplan.input.Location;

/**
 * A declared attribute, {@code {"AttributeName": "Detail", "AttributeType": "M"}}. Workbench lets
 * non-key attributes take any DynamoDB type, so {@code type} is one of the descriptors of {@link
 * dev.keyplan.dynamodb.facts.AttributeValue#DESCRIPTORS}.
 */
public record AttributeDefinition(String name, String type, Location location) {}
