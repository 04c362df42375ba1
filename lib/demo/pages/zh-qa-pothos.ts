// Hand-written Chinese Q&A / plant-care page: top bar, login prompt, ads, the answer, related questions and a footer
// with a (fictional) ICP licence line.
export const ZH_QA_POTHOS_HTML = `<!DOCTYPE html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <title>绿萝多久浇一次水？夏天和冬天有什么不同？_花草问答_绿手指网</title>
</head>
<body>
  <div class="topbar header">
    <a href="/">绿手指网</a> <a href="/login">登录</a> <a href="/register">注册</a> <a href="/app">下载APP</a>
  </div>
  <nav class="nav">
    <a href="/">首页</a> <a href="/wenda">花草问答</a> <a href="/baike">植物百科</a> <a href="/shop">商城</a> <a href="/bbs">论坛</a>
  </nav>
  <div class="crumb breadcrumb"><a href="/">首页</a> &gt; <a href="/wenda">花草问答</a> &gt; 观叶植物</div>
  <main>
    <div class="question">
      <h1>绿萝多久浇一次水？夏天和冬天有什么不同？</h1>
      <p class="q-meta">提问者：小叶子 · 2024-06-18 · 浏览 3.2万次</p>
      <p>家里客厅放了一盆绿萝，最近叶子有点发黄，不知道是不是水浇多了，想问问大家一般多久浇一次？</p>
    </div>
    <div class="guanggao"><p>广告</p><p>【限时特惠】进口营养土 5升装 仅需9.9元，包邮到家！</p></div>
    <div class="answer best-answer">
      <h2>最佳答案</h2>
      <p class="a-meta">回答者：园艺师老王 · 采纳率 96%</p>
      <p>绿萝喜湿润但怕积水，浇水要遵循“见干见湿”的原则：盆土表面2～3厘米干了再浇，一次浇透，直到盆底有水流出。</p>
      <p>一般来说，春秋季节大约3～5天浇一次；夏天气温高、蒸发快，可以1～2天浇一次，并经常向叶面喷水增加湿度；冬天植株生长缓慢，7～10天浇一次即可，要用接近室温的水，避免冻伤根系。</p>
      <p>叶子发黄多数是浇水过多导致烂根，或者长期放在光线太暗的地方。建议放在有散射光的位置，避免阳光直射，发黄的叶子可以直接剪掉。</p>
      <p class="vote">赞同 1288 · 反对 12 · <a href="#">评论(36)</a> · <a href="#">举报</a></p>
    </div>
    <div class="answer">
      <p class="a-meta">回答者：匿名用户</p>
      <p>我家的绿萝一个星期浇一次，长得挺好的，水培的话一周换一次水就行。</p>
      <p class="vote">赞同 57 · <a href="#">评论(3)</a></p>
    </div>
  </main>
  <aside>
    <h3>相关问题</h3>
    <ul>
      <li><a href="/q/201">绿萝叶子发黄怎么办？</a></li>
      <li><a href="/q/202">绿萝可以水培吗？怎么换水？</a></li>
      <li><a href="/q/203">新房放几盆绿萝能去甲醛？</a></li>
    </ul>
    <h3>热门商品</h3>
    <p>陶瓷花盆三件套 ¥39.00 立即购买</p>
  </aside>
  <div class="app-promo"><p>打开绿手指APP，看更多养花技巧 &gt;&gt;</p></div>
  <footer>
    <p><a href="/about">关于我们</a> | <a href="/contact">联系我们</a> | <a href="/help">帮助中心</a> | <a href="/jubao">违法和不良信息举报</a></p>
    <p>©2025 绿手指网 版权所有　沪ICP备00000000号-1</p>
  </footer>
</body>
</html>`;
