import {
  BufferGeometry,
  Float32BufferAttribute,
  Frustum,
  Group,
  Matrix4,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Raycaster,
  Scene,
  ShaderMaterial,
  Uint8BufferAttribute,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { TViewState } from '../ept/select-nodes.ts';

/**
 * The three.js side of the point-cloud viewer, loaded only when a cloud is opened (its own chunk).
 * Batches of points arrive relative to an origin chosen by the worker; the scene works in those
 * small coordinates and the page adds the origin back for anything it shows or reports.
 * It draws on demand (after a change, a new batch or a camera move), not in a constant loop.
 */

export type TColorMode = 'rgb' | 'height';

type TVec3 = [number, number, number];

const VERTEX_SHADER = /* glsl */ `
  uniform float pointSize;
  uniform float zMin;
  uniform float zMax;
  uniform float useRgb;
  attribute vec3 rgb;
  varying vec3 vColor;
  // Blue (low) through cyan, green and yellow to red (high).
  vec3 heightRamp(float t) {
    t = clamp(t, 0.0, 1.0);
    return clamp(vec3(1.5 - abs(4.0 * t - 3.0), 1.5 - abs(4.0 * t - 2.0), 1.5 - abs(4.0 * t - 1.0)), 0.0, 1.0);
  }
  void main() {
    vColor = useRgb > 0.5 ? rgb : heightRamp((position.z - zMin) / max(zMax - zMin, 1e-6));
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
    gl_PointSize = pointSize;
  }
`;

const FRAGMENT_SHADER = /* glsl */ `
  varying vec3 vColor;
  void main() {
    gl_FragColor = vec4(vColor, 1.0);
  }
`;

/**
 * While the camera moves, a frame draws the most important nodes only, up to INTERACTIVE_POINTS
 * (about what the full view holds, so moving never looks coarser than the whole cloud did); the
 * full view is drawn once the camera has been still for SETTLE_MS or more (decision 245). In
 * software GL a frame of 1.5 M points takes seconds; a GPU loses some detail only while moving.
 * (Timing frames to adapt the number proved unreliable: Chromium lets a page run a frame ahead of
 * the GPU, so a slow device's frames can look fast.)
 */
const INTERACTIVE_POINTS = 200_000;
const SETTLE_MS = 250;
/**
 * When moves come slower (a page busy drawing or decoding takes each wheel step late), still is
 * twice the last gap between them, up to MAX_SETTLE_MS: a gesture is not cut by a full frame.
 */
const MAX_SETTLE_MS = 1000;
const FRAMES_KEPT = 200;

/** Clicks within this many pixels of a point pick it. */
const PICK_RADIUS_PX = 6;
const PIN_COLOR = 0xff3d00;

export class PointCloudScene {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(50, 1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly cloud = new Group();
  private readonly pins = new Group();
  private readonly material: ShaderMaterial;
  private readonly pinMaterial = new PointsMaterial({
    color: PIN_COLOR,
    size: 14,
    sizeAttenuation: false,
    depthTest: false,
  });
  private readonly resizeObserver: ResizeObserver;
  private frameRequested = false;
  private min: TVec3 = [Infinity, Infinity, Infinity];
  private max: TVec3 = [-Infinity, -Infinity, -Infinity];
  /** Until the reader moves the camera, each batch refits the view to the cloud known so far. */
  private userMoved = false;
  private pointerDown: { x: number; y: number } | null = null;
  /** Nodes of a streamed tree, most important first (setDrawOrder). */
  private drawOrder: Points[] = [];
  private interacting = false;
  private lastMoveAt = 0;
  private settleMs = SETTLE_MS;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Points held; fewer may be drawn while the camera moves. */
  pointsDrawn = 0;
  /** The last frames drawn (when, how many points, while the camera moved), for the bench. */
  readonly frames: { at: number; points: number; moving: boolean }[] = [];
  /** Called when the camera moves or the canvas changes size: a streamed tree chooses its nodes again. */
  onViewChange: (() => void) | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly onFrame: (pointsDrawn: number) => void,
    private readonly onPick: ((position: TVec3) => void) | null,
  ) {
    this.renderer = new WebGLRenderer({ antialias: false, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0x1a1b1e);
    this.renderer.domElement.style.display = 'block';
    container.appendChild(this.renderer.domElement);
    this.camera.up.set(0, 0, 1); // survey files are Z-up
    this.material = new ShaderMaterial({
      vertexShader: VERTEX_SHADER,
      fragmentShader: FRAGMENT_SHADER,
      uniforms: { pointSize: { value: 2 }, zMin: { value: 0 }, zMax: { value: 1 }, useRgb: { value: 0 } },
    });
    this.scene.add(this.cloud, this.pins);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    // The wheel zooms toward the point under the cursor (handleWheel), not the orbit's centre.
    this.controls.enableZoom = false;
    container.addEventListener('wheel', this.handleWheel, { passive: false });
    this.controls.addEventListener('change', () => {
      this.requestFrame();
      this.onViewChange?.();
    });
    this.controls.addEventListener('start', () => {
      this.userMoved = true;
      this.startInteraction();
    });
    this.controls.addEventListener('end', () => this.endInteraction());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.renderer.domElement.addEventListener('pointerdown', this.handlePointerDown);
    this.renderer.domElement.addEventListener('pointerup', this.handlePointerUp);
    this.resize();
    this.warmUp();
  }

  /** Adds a batch, and frames the known extent unless the reader has moved the camera. */
  addBatch(positions: Float32Array, colors: Uint8Array | null, min: TVec3, max: TVec3) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    if (colors) geometry.setAttribute('rgb', new Uint8BufferAttribute(colors, 3, true));
    geometry.computeBoundingSphere();
    const points = new Points(geometry, this.material);
    points.matrixAutoUpdate = false;
    this.cloud.add(points);
    this.pointsDrawn += positions.length / 3;
    this.extend(min, max);
    if (!this.userMoved) this.fit();
    this.requestFrame();
  }

  /** One node of a streamed tree: drawn until `removeNode` frees its GPU buffers. */
  addNode(positions: Float32Array, colors: Uint8Array | null): Points {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
    if (colors) geometry.setAttribute('rgb', new Uint8BufferAttribute(colors, 3, true));
    geometry.computeBoundingSphere();
    const points = new Points(geometry, this.material);
    points.matrixAutoUpdate = false;
    this.cloud.add(points);
    this.pointsDrawn += positions.length / 3;
    this.requestFrame();
    return points;
  }

  /** The tree's held nodes, most important first: a frame drawn while the camera moves draws these first. */
  setDrawOrder(order: Points[]) {
    this.drawOrder = order;
  }

  removeNode(points: Points) {
    this.cloud.remove(points);
    this.pointsDrawn -= points.geometry.getAttribute('position').count;
    points.geometry.dispose();
    this.requestFrame();
  }

  /** The camera as the tree's traversal needs it, in coordinates relative to the origin. */
  viewState(): TViewState | null {
    const height = this.container.clientHeight;
    if (height === 0) return null;
    this.camera.updateMatrixWorld();
    const frustum = new Frustum().setFromProjectionMatrix(
      new Matrix4().multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse),
    );
    return {
      planes: frustum.planes.map((plane) => [plane.normal.x, plane.normal.y, plane.normal.z, plane.constant]),
      eye: [this.camera.position.x, this.camera.position.y, this.camera.position.z],
      projection: height / 2 / Math.tan((this.camera.fov * Math.PI) / 360),
    };
  }

  /** Bounds relative to the origin (from the header, or grown batch by batch). */
  extend(min: TVec3, max: TVec3) {
    for (let axis = 0; axis < 3; axis += 1) {
      this.min[axis] = Math.min(this.min[axis]!, min[axis]!);
      this.max[axis] = Math.max(this.max[axis]!, max[axis]!);
    }
    this.material.uniforms.zMin!.value = this.min[2];
    this.material.uniforms.zMax!.value = this.max[2];
  }

  fit() {
    if (!Number.isFinite(this.min[0])) return;
    const centre = new Vector3(
      (this.min[0] + this.max[0]) / 2,
      (this.min[1] + this.max[1]) / 2,
      (this.min[2] + this.max[2]) / 2,
    );
    const radius = Math.max(new Vector3(...this.max).distanceTo(new Vector3(...this.min)) / 2, 1e-3);
    const distance = radius / Math.sin((this.camera.fov * Math.PI) / 360);
    this.camera.near = distance / 1000;
    this.camera.far = distance + radius * 10;
    this.camera.position.copy(centre).add(new Vector3(1, -1.2, 0.9).normalize().multiplyScalar(distance));
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.update();
    this.requestFrame();
    this.onViewChange?.();
  }

  setPointSize(size: number) {
    this.material.uniforms.pointSize!.value = size * this.renderer.getPixelRatio();
    this.requestFrame();
  }

  setColorMode(mode: TColorMode) {
    this.material.uniforms.useRgb!.value = mode === 'rgb' ? 1 : 0;
    this.requestFrame();
  }

  /** Pins, relative to the origin. */
  setPins(positions: readonly TVec3[]) {
    for (const child of this.pins.children) (child as Points).geometry.dispose();
    this.pins.clear();
    if (positions.length > 0) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new Float32BufferAttribute(positions.flat(), 3));
      const markers = new Points(geometry, this.pinMaterial);
      markers.renderOrder = 1;
      this.pins.add(markers);
    }
    this.requestFrame();
  }

  dispose() {
    this.resizeObserver.disconnect();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.container.removeEventListener('wheel', this.handleWheel);
    this.controls.dispose();
    for (const child of [...this.cloud.children, ...this.pins.children]) (child as Points).geometry.dispose();
    this.material.dispose();
    this.pinMaterial.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  /**
   * Zooms about the spot under the cursor on the cloud's mid-height plane (survey clouds lie
   * roughly flat, Z up): the camera and the orbit's centre both move toward it, so that spot stays
   * under the cursor and the view keeps its direction. This is how a reader reaches one corner's
   * detail; without a spot (the cursor above the horizon) it zooms toward the orbit's centre.
   */
  private readonly handleWheel = (event: WheelEvent) => {
    event.preventDefault();
    this.startInteraction();
    this.endInteraction();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 100 : 1;
    const delta = event.deltaY * lines;
    if (delta === 0) return;
    const scale = 0.95 ** (Math.abs(delta) * 0.01);
    const factor = delta < 0 ? scale : 1 / scale;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const raycaster = new Raycaster();
    raycaster.setFromCamera(
      new Vector2(
        ((event.clientX - rect.left) / rect.width) * 2 - 1,
        -((event.clientY - rect.top) / rect.height) * 2 + 1,
      ),
      this.camera,
    );
    const midHeight = Number.isFinite(this.min[2]) ? (this.min[2] + this.max[2]) / 2 : this.controls.target.z;
    const { origin, direction } = raycaster.ray;
    const along = Math.abs(direction.z) > 1e-6 ? (midHeight - origin.z) / direction.z : -1;
    const toward = along > 0 ? origin.clone().addScaledVector(direction, along) : this.controls.target.clone();
    this.camera.position.sub(toward).multiplyScalar(factor).add(toward);
    this.controls.target.sub(toward).multiplyScalar(factor).add(toward);
    this.controls.update();
    this.requestFrame();
    this.onViewChange?.();
  };

  private readonly handlePointerDown = (event: PointerEvent) => {
    this.pointerDown = { x: event.clientX, y: event.clientY };
  };

  /** A click (not the end of a drag) picks the nearest point under the cursor. */
  private readonly handlePointerUp = (event: PointerEvent) => {
    const down = this.pointerDown;
    this.pointerDown = null;
    if (!this.onPick || !down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > 4) return;
    const picked = this.pick(event.clientX, event.clientY);
    if (picked) this.onPick(picked);
  };

  pick(clientX: number, clientY: number): TVec3 | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const pointer = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, this.camera);
    // The threshold is in world units: the width of a few pixels at the orbit target's distance.
    const distance = this.camera.position.distanceTo(this.controls.target);
    const worldPerPixel = (2 * distance * Math.tan((this.camera.fov * Math.PI) / 360)) / rect.height;
    raycaster.params.Points = { threshold: worldPerPixel * PICK_RADIUS_PX };
    const hits = raycaster.intersectObjects(this.cloud.children, false);
    // Of the points near the ray, the one closest to it (then nearest the camera) is meant.
    hits.sort((a, b) => (a.distanceToRay ?? 0) - (b.distanceToRay ?? 0) || a.distance - b.distance);
    const hit = hits[0];
    if (!hit || hit.index === undefined) return null;
    const positions = (hit.object as Points).geometry.getAttribute('position');
    return [positions.getX(hit.index), positions.getY(hit.index), positions.getZ(hit.index)];
  }

  /** Screen position of a point relative to the origin, in client pixels (for tests and tooltips). */
  project(position: TVec3): { x: number; y: number } {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const projected = new Vector3(...position).project(this.camera);
    return { x: rect.left + ((projected.x + 1) / 2) * rect.width, y: rect.top + ((1 - projected.y) / 2) * rect.height };
  }

  /**
   * Where a point relative to the origin is drawn, in pixels from the canvas's top-left corner, or
   * null when it lies behind the camera (for labels laid over the view).
   */
  projectToView(position: TVec3): { x: number; y: number } | null {
    const projected = new Vector3(...position).project(this.camera);
    if (projected.z > 1 || projected.z < -1) return null;
    const width = this.renderer.domElement.clientWidth;
    const height = this.renderer.domElement.clientHeight;
    return { x: ((projected.x + 1) / 2) * width, y: ((1 - projected.y) / 2) * height };
  }

  /** Turns to a point relative to the origin and comes close: a tenth of the cloud's size away, from the same side. */
  flyTo(position: TVec3) {
    const target = new Vector3(...position);
    const size = Number.isFinite(this.min[0]) ? new Vector3(...this.max).distanceTo(new Vector3(...this.min)) : 10;
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    this.userMoved = true;
    this.controls.target.copy(target);
    this.camera.position.copy(target).add(direction.multiplyScalar(Math.max(size / 10, 1e-2)));
    this.controls.update();
    this.requestFrame();
  }

  private resize() {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestFrame();
    this.onViewChange?.();
  }

  /**
   * Compiles the points' shader now, with one point out of sight, so the first frame with a node
   * does not wait for it (slow in software GL).
   */
  private warmUp() {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute([0, 0, 0], 3));
    geometry.setAttribute('rgb', new Uint8BufferAttribute([0, 0, 0], 3, true));
    const probe = new Points(geometry, this.material);
    this.renderer.compile(probe, this.camera);
    geometry.dispose();
  }

  private startInteraction() {
    const now = performance.now();
    const gap = now - this.lastMoveAt;
    this.lastMoveAt = now;
    this.settleMs = gap < MAX_SETTLE_MS ? Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, 2 * gap)) : SETTLE_MS;
    this.interacting = true;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
  }

  /** The camera stopped: after SETTLE_MS without another move, the full view is drawn. */
  private endInteraction() {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.interacting = false;
      this.requestFrame();
    }, this.settleMs);
  }

  /** Shows every node, or while the camera moves the most important ones this device draws in time. */
  private chooseVisible(): number {
    const nodes = this.cloud.children as Points[];
    const allowed = this.interacting && this.drawOrder.length > 0 ? INTERACTIVE_POINTS : Number.POSITIVE_INFINITY;
    if (allowed >= this.pointsDrawn) {
      for (const node of nodes) node.visible = true;
      return this.pointsDrawn;
    }
    for (const node of nodes) node.visible = false;
    let shown = 0;
    for (const node of this.drawOrder) {
      const count = node.geometry.getAttribute('position').count;
      if (shown > 0 && shown + count > allowed) break;
      node.visible = true;
      shown += count;
    }
    return shown;
  }

  private requestFrame() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame((at) => {
      this.frameRequested = false;
      const shown = this.chooseVisible();
      this.renderer.render(this.scene, this.camera);
      this.frames.push({ at: Math.round(at), points: shown, moving: this.interacting });
      if (this.frames.length > FRAMES_KEPT) this.frames.shift();
      this.onFrame(shown);
    });
  }
}
