package org.wirebench.formats.geo;

/** The value types a feature attribute may have, with their XML Schema names. */
public enum AttributeType {
  STRING("xsd:string", String.class),
  INT("xsd:int", Integer.class),
  LONG("xsd:long", Long.class),
  BOOLEAN("xsd:boolean", Boolean.class);

  private final String xsdType;
  private final Class<?> javaType;

  AttributeType(String xsdType, Class<?> javaType) {
    this.xsdType = xsdType;
    this.javaType = javaType;
  }

  public String xsdType() {
    return xsdType;
  }

  public Class<?> javaType() {
    return javaType;
  }

  /** Parses the lexical form a codec wrote back into a value of this type. */
  public Object parse(String text) {
    return switch (this) {
      case STRING -> text;
      case INT -> Integer.valueOf(text.trim());
      case LONG -> Long.valueOf(text.trim());
      case BOOLEAN -> Boolean.valueOf(text.trim());
    };
  }
}
