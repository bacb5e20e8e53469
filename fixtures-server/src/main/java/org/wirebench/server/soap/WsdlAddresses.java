package org.wirebench.server.soap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletOutputStream;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLEventFactory;
import javax.xml.stream.XMLEventReader;
import javax.xml.stream.XMLEventWriter;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.events.Attribute;
import javax.xml.stream.events.StartElement;
import javax.xml.stream.events.XMLEvent;
import org.wirebench.formats.xml.XmlFactories;

/**
 * Every address the SOAP stacks write comes from the server, never from the request. Axis2 and CXF
 * build their WSDL's {@code soap:address} from the request's Host header (a client could make the
 * server advertise any host), and Axis2 keeps the port of the first request for the server's
 * lifetime. Here the stacks see a request addressed to the public URL ({@code serve --public-url})
 * or else to the address and port the connection came in on, as the WFS does, and a {@code ?wsdl}
 * answer's {@code soap:address}, {@code soap12:address} and {@code http:address} locations are set
 * to the endpoint's URL on that base (which keeps a public URL's path, e.g. {@code
 * https://example.org/wirebench/services/axis2-adb}).
 */
final class WsdlAddresses implements Filter {
  private static final Set<String> BINDINGS =
      Set.of(
          "http://schemas.xmlsoap.org/wsdl/soap/",
          "http://schemas.xmlsoap.org/wsdl/soap12/",
          "http://schemas.xmlsoap.org/wsdl/http/");
  private static final XMLInputFactory EVENTS = XMLInputFactory.newFactory();
  private static final XMLOutputFactory OUT = XMLOutputFactory.newFactory();
  private static final XMLEventFactory MAKE = XMLEventFactory.newFactory();

  private final Supplier<String> publicBase;

  /**
   * @param publicBase the public URL ending in "/", or null for the listening address; asked per
   *     request
   */
  WsdlAddresses(Supplier<String> publicBase) {
    this.publicBase = publicBase;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) resp;
    String base = publicBase.get();
    java.net.URI origin =
        java.net.URI.create(
            base != null
                ? base
                : org.wirebench.server.http.PublicUrls.CONNECTOR_SCHEME
                    + "://"
                    + org.wirebench.server.http.HttpUrls.host(request.getLocalAddr())
                    + ":"
                    + request.getLocalPort()
                    + "/");
    HttpServletRequest addressed = new Addressed(request, origin);
    String query = request.getQueryString();
    if (!"GET".equals(request.getMethod()) || query == null || !query.equalsIgnoreCase("wsdl")) {
      chain.doFilter(addressed, response);
      return;
    }
    Captured captured = new Captured(response);
    chain.doFilter(addressed, captured);
    if (response.isCommitted()) {
      // the stack answered by itself (sendError for a service it does not have: a 404); writing
      // again would fail on the closed response and log a stack trace for every such request
      return;
    }
    byte[] body = captured.bytes();
    if (captured.getStatus() == 200) {
      // the path the request was routed by, never its spelling (/services/a;x=1, /services/z/../a)
      String path =
          org.eclipse.jetty.util.URIUtil.encodePath(
              request.getContextPath()
                  + request.getServletPath()
                  + (request.getPathInfo() == null ? "" : request.getPathInfo()));
      String endpoint = origin.toString() + path.substring(1);
      try {
        body = withAddress(body, endpoint);
      } catch (XMLStreamException | IOException e) {
        throw new ServletException("the stack's WSDL could not be read", e);
      }
    }
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  /** The WSDL with every binding address's location set to {@code endpoint}. */
  static byte[] withAddress(byte[] wsdl, String endpoint) throws XMLStreamException, IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(wsdl.length + 256);
    XMLEventReader in = EVENTS.createXMLEventReader(XmlFactories.reader(wsdl, 0, wsdl.length));
    XMLEventWriter w = OUT.createXMLEventWriter(out, "UTF-8");
    while (in.hasNext()) {
      XMLEvent e = in.nextEvent();
      if (e.isStartElement()) {
        StartElement s = e.asStartElement();
        QName name = s.getName();
        if (name.getLocalPart().equals("address") && BINDINGS.contains(name.getNamespaceURI())) {
          List<Attribute> attributes = new ArrayList<>();
          for (Iterator<Attribute> i = s.getAttributes(); i.hasNext(); ) {
            Attribute a = i.next();
            attributes.add(
                a.getName().getLocalPart().equals("location")
                        && a.getName().getNamespaceURI().isEmpty()
                    ? MAKE.createAttribute("location", endpoint)
                    : a);
          }
          e = MAKE.createStartElement(name, attributes.iterator(), s.getNamespaces());
        }
      }
      w.add(e);
    }
    w.close();
    in.close();
    return out.toByteArray();
  }

  /**
   * The request as if sent to {@code origin}'s host and port (server name, port, Host header and
   * URL). The scheme is the connector's, never an absolute-form target's ({@code ftp://x/services/
   * ...}), and not {@code origin}'s: Axis2 refuses a scheme it has no transport for, and the WSDL's
   * addresses are written from {@code origin} whatever the stacks make of it.
   */
  private static final class Addressed extends HttpServletRequestWrapper {
    private final java.net.URI origin;
    private final int port;

    Addressed(HttpServletRequest request, java.net.URI origin) {
      super(request);
      this.origin = origin;
      this.port =
          origin.getPort() >= 0 ? origin.getPort() : origin.getScheme().equals("https") ? 443 : 80;
    }

    @Override
    public String getScheme() {
      return org.wirebench.server.http.PublicUrls.CONNECTOR_SCHEME;
    }

    @Override
    public boolean isSecure() {
      return false;
    }

    @Override
    public String getServerName() {
      return origin.getHost();
    }

    @Override
    public int getServerPort() {
      return port;
    }

    @Override
    public String getHeader(String name) {
      return "Host".equalsIgnoreCase(name) ? origin.getRawAuthority() : super.getHeader(name);
    }

    @Override
    public java.util.Enumeration<String> getHeaders(String name) {
      return "Host".equalsIgnoreCase(name)
          ? java.util.Collections.enumeration(List.of(origin.getRawAuthority()))
          : super.getHeaders(name);
    }

    @Override
    public StringBuffer getRequestURL() {
      return new StringBuffer(getScheme())
          .append("://")
          .append(origin.getRawAuthority())
          .append(getRequestURI());
    }
  }

  /** A response whose body is kept in memory; status and headers go through. */
  private static final class Captured extends HttpServletResponseWrapper {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream(8192);
    private PrintWriter writer;

    Captured(HttpServletResponse response) {
      super(response);
    }

    byte[] bytes() {
      if (writer != null) {
        writer.flush();
      }
      return body.toByteArray();
    }

    @Override
    public void setContentLength(int len) {}

    @Override
    public void setContentLengthLong(long len) {}

    @Override
    public void flushBuffer() {}

    @Override
    public ServletOutputStream getOutputStream() {
      return new ServletOutputStream() {
        @Override
        public void write(int b) {
          body.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          body.write(b, off, len);
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new IllegalStateException("blocking writes only");
        }
      };
    }

    @Override
    public PrintWriter getWriter() {
      if (writer == null) {
        String charset = getCharacterEncoding();
        writer =
            new PrintWriter(
                new OutputStreamWriter(
                    body,
                    charset == null
                        ? StandardCharsets.UTF_8
                        : java.nio.charset.Charset.forName(charset)));
      }
      return writer;
    }
  }
}
