import multipart from '@fastify/multipart';
import { PORTFOLIO_MAX_BYTES } from '@spacecapture/shared/contracts/public-forms';
import { AppError, ERROR_STATUS } from '@spacecapture/shared/errors';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  addPostedValue,
  CAPTURE_REQUEST_POST,
  CONTACT_MESSAGE_POST,
  formPostKey,
  formPostOfAction,
  PROVIDER_APPLICATION_POST,
  parseFormPost,
  readUrlEncoded,
  type TFormPost,
  type TPostedFields,
} from '../../modules/public-forms/form-post.ts';
import {
  labelledProblems,
  renderProblemsPage,
  renderRefusedPage,
  renderSuccessPage,
} from '../../modules/public-forms/form-post-page.ts';
import { renderFormAgain } from '../../modules/public-forms/form-refill.ts';
import { receivePortfolio, type TReceivedFile } from '../../modules/public-forms/portfolio-file.ts';
import { requestOrigin } from '../../plugins/auth.ts';
import { toAppError } from '../../plugins/errors.ts';

/**
 * The public forms as plain HTML form posts (decision 068): the prerendered forms post here until
 * their script has run. Same contracts, service, honeypots and rate limits as the JSON API; the
 * answer is a page, and nothing the visitor typed is ever put into a URL.
 */

const FORM_BODY_LIMIT = 64 * 1024;
/** The application's fields, the terms box and the honeypot, with room to spare; one file. */
const APPLICATION_LIMITS = {
  fileSize: PORTFOLIO_MAX_BYTES,
  files: 1,
  fields: 20,
  fieldSize: FORM_BODY_LIMIT,
  parts: 21,
};

/** Action paths relative to this plugin's prefix (/api/public). */
function routeOf(action: string) {
  return action.replace(/^\/api\/public/, '');
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // A page made for one post: never kept by a cache.
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function postedFields(request: FastifyRequest): TPostedFields {
  // No body at all reads as an empty form; any other content type was refused by the parser.
  return request.body instanceof Map ? (request.body as TPostedFields) : new Map();
}

/** A chosen file is not kept while the other fields are corrected: the browser cannot be given it back. */
const CHOOSE_FILE_AGAIN = 'Please choose your file again: it is not kept until the other fields are corrected.';

const formPostRoutes: FastifyPluginAsync<{ rateLimitPerMinute: number; webDistDir: string }> = async (app, options) => {
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  // Hidden from the OpenAPI document: a browser's form target, not an API for clients (they use the JSON routes).
  const routeOptions = {
    bodyLimit: FORM_BODY_LIMIT,
    config: { rateLimit },
    schema: { hide: true, 'x-roles': ['public'] },
  };
  const { publicForms } = app.services;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  /**
   * What to fix, answered as the form's own page with the entries put back and each message beside
   * its field (decision 188); the plain page of decision 068 when the web app is not built.
   */
  async function sendProblems(
    reply: FastifyReply,
    form: TFormPost,
    posted: TPostedFields,
    problems: Record<string, string>,
  ) {
    const page = await renderFormAgain({
      webDistDir: options.webDistDir,
      form,
      posted,
      problems: labelledProblems(form, problems),
    });
    return sendPage(reply, 400, page ?? renderProblemsPage(form, problems));
  }

  // Every answer here is a page, a refused post (rate limit, size, origin, a fault) included.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'internal') request.log.error({ err: error }, 'form post failed');
    else request.log.info({ code: appError.code, reason: error.message }, 'form post refused');
    const form = formPostOfAction(request.routeOptions.url);
    return sendPage(reply, ERROR_STATUS[appError.code], renderRefusedPage(form, appError.message, appError.fields));
  });

  // What a browser posts: url-encoded fields (and multipart, below, where a file comes along).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, readUrlEncoded(body as string)),
  );

  // Anonymous posts carry no session to ride on, but a browser always names the page's origin:
  // refuse a post that another site's page makes a visitor's browser send.
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === publicOrigin || origin === requestOrigin(request)) return;
    throw new AppError('forbidden', 'This form can only be sent from its page on our website.');
  });

  app.post(routeOf(FORM_POSTS.captureRequest.action), routeOptions, async (request, reply) => {
    const posted = postedFields(request);
    const parsed = parseFormPost(CAPTURE_REQUEST_POST, posted);
    if (!parsed.success) return sendProblems(reply, CAPTURE_REQUEST_POST, posted, parsed.problems);
    await publicForms.submitCaptureRequest(parsed.data, formPostKey(parsed.data, app.clock()));
    return sendPage(reply, 200, renderSuccessPage(CAPTURE_REQUEST_POST));
  });

  app.post(routeOf(FORM_POSTS.contactMessage.action), routeOptions, async (request, reply) => {
    const posted = postedFields(request);
    const parsed = parseFormPost(CONTACT_MESSAGE_POST, posted);
    if (!parsed.success) return sendProblems(reply, CONTACT_MESSAGE_POST, posted, parsed.problems);
    await publicForms.submitContactMessage(parsed.data, formPostKey(parsed.data, app.clock()));
    return sendPage(reply, 200, renderSuccessPage(CONTACT_MESSAGE_POST));
  });

  await app.register(async (withFiles) => {
    await withFiles.register(multipart, { limits: APPLICATION_LIMITS });

    /**
     * multipart/form-data with the portfolio file; url-encoded too (then no file came along). Every
     * problem is gathered, the file's among the fields', so one page lists them all.
     */
    withFiles.post(routeOf(FORM_POSTS.providerApplication.action), routeOptions, async (request, reply) => {
      let fields: TPostedFields = postedFields(request);
      const problems: Record<string, string> = {};
      let portfolio: TReceivedFile | undefined;
      try {
        if (request.isMultipart()) {
          fields = new Map();
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              addPostedValue(fields, part.fieldname, String(part.value));
              continue;
            }
            // With no file chosen a browser still sends the part, empty and without a name.
            if (part.fieldname === 'portfolio' && !part.filename) {
              part.file.resume();
              continue;
            }
            if (part.fieldname !== 'portfolio' || portfolio) {
              part.file.resume();
              throw new AppError('bad_request', `Unexpected file part "${part.fieldname}".`);
            }
            try {
              portfolio = await receivePortfolio(app.files, { filename: part.filename, stream: part.file });
            } catch (error) {
              if (!(error instanceof AppError && error.code === 'validation_failed' && error.fields)) throw error;
              Object.assign(problems, error.fields);
              part.file.resume();
            }
          }
        } else if (fields.get('portfolio')) {
          // A file was chosen but the body was url-encoded (a page from before this route): only its name came.
          problems.portfolio = 'The file did not arrive. Please choose it again and send the form once more.';
        }
        const parsed = parseFormPost(PROVIDER_APPLICATION_POST, fields);
        if (!parsed.success) Object.assign(problems, parsed.problems);
        if (!parsed.success || Object.keys(problems).length > 0) {
          if (portfolio) problems.portfolio ??= CHOOSE_FILE_AGAIN;
          return sendProblems(reply, PROVIDER_APPLICATION_POST, fields, problems);
        }
        const received = portfolio;
        portfolio = undefined; // ownership passes to the service
        const key = formPostKey({ fields: parsed.data, portfolio: received?.file.sha256 ?? null }, app.clock());
        await publicForms.submitProviderApplication(parsed.data, received, key);
        return sendPage(reply, 200, renderSuccessPage(PROVIDER_APPLICATION_POST));
      } finally {
        if (portfolio) await app.files.discardTemp(portfolio.tempPath);
      }
    });
  });
};

export default formPostRoutes;
