package org.wirebench.formats.geo;

import org.wirebench.formats.xml.XsdLexical;

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

  /**
   * Parses the lexical form a codec wrote back into a value of this type, by its XML Schema type's
   * lexical space ({@link XsdLexical}): a codec check must not read a value the codec did not
   * write, such as Boolean.valueOf's false for {@code 1} or {@code yes}.
   *
   * @throws IllegalArgumentException naming the value, when it is none of this type
   */
  public Object parse(String text) {
    return switch (this) {
      case STRING -> text;
      case INT -> XsdLexical.parseInt(text);
      case LONG -> XsdLexical.parseLong(text);
      case BOOLEAN -> XsdLexical.parseBoolean(text);
    };
  }
}
