# OfficeBot: `docker build -t officebot .` then see compose.yaml. Two stages: the wheel is built in the
# first, only it (and its dependencies) lands in the slim runtime image, which runs as a non-root user.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY fixtures ./fixtures
RUN pip wheel --no-cache-dir --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 officebot
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER officebot
WORKDIR /home/officebot
# Socket Mode serves /healthz, /readyz and /metrics here; in HTTP mode set it to the --port instead.
ENV OFFICEBOT_HEALTH_PORT=8080 PYTHONUNBUFFERED=1
EXPOSE 3000 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD python -c "import os, sys, urllib.request; port = os.environ.get('OFFICEBOT_HEALTH_PORT', '8080'); sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/readyz', timeout=4).status == 200 else 1)"
ENTRYPOINT ["officebot"]
CMD ["run"]
