# The image of `thousand serve` for compose.yaml (docs/deploy.md): the package and its
# dependencies from PyPI, run as an unprivileged user, JSON logs on standard error.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /build
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install . && rm -rf /build

RUN useradd --system --uid 10001 --create-home --home-dir /var/lib/thousand thousand \
    && mkdir -p /var/cache/thousand \
    && chown thousand:thousand /var/cache/thousand
USER thousand
WORKDIR /var/lib/thousand

# The data folder (an SQLite file when no --db is given), the solver's cache of
# strategies (compose.yaml shares it between the processes), JSON logs.
ENV THOUSAND_DATA_DIR=/var/lib/thousand \
    THOUSAND_CACHE_DIR=/var/cache/thousand \
    THOUSAND_LOG_FORMAT=json

EXPOSE 8000
# Liveness: the process answers. compose.yaml checks readiness (/api/ready) instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=4)"]

ENTRYPOINT ["thousand"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
